// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs/promises';
import path from 'node:path';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { feedDir, type PartClock } from '../../../../src/server/modules/live/liveFiles';
import {
  EDGE_LIVE_PLAYLIST_S,
  EDGE_PLAYLIST_S,
  EDGE_SEGMENT_S,
  MEDIA_MESSAGES,
} from '../../../../src/server/modules/streams/protectedMedia';
import { createMediaSigner } from '../../../../src/server/modules/streams/urlSigner';
import { giveOrder, type Who } from '../../../utils/cart';
import {
  beside,
  configData,
  flippedSig,
  grantOf,
  renditionUrl,
  signedParts,
  signedPrefix,
  tagValues,
  uriLines,
  withGrant,
  withParts,
} from '../streams/streamsFixture';
import { viewingDriver } from '../streams/viewingSessionFixture';
import { liveTestApp, type IssuedFeed, type LiveTestApp } from './liveFixture';

/**
 * /media/signed/…/live/e{id}/a{n}/*: a real show's playlists, rendered from what the packager writes (a segment list
 * per rendition and part, each part's clock), through the URLs a signed stream config gives: an
 * EVENT playlist from the air start on, every segment dated on the encoder's clock, a discontinuity
 * where an encoder reconnected, ENDLIST (and the config's mode 'vod') once the show has ended; under
 * the rules of every protected stream (signature, folder, event, premium viewing session, air start).
 */
let x: LiveTestApp;
let guest: Who;
let air: number;
beforeAll(async () => {
  x = await liveTestApp({});
  guest = await x.people.guest('live viewer');
  air = x.airStart.getTime();
}, 60_000);
afterAll(() => x.t.close());

const iso = (ms: number) => new Date(ms).toISOString();
const SYNC = 0x47;
/** A tiny MPEG-TS "segment": one packet, marked with its name so a wrong file shows. */
const tsBytes = (name: string) => {
  const packet = Buffer.alloc(188, 0xff);
  packet[0] = SYNC;
  packet.write(name, 4, 'latin1');
  return packet;
};

/**
 * What the packager leaves for one rendition of a feed that published twice. Part 1 is an OBS-like
 * encoder ('arrival' clock) that began 3 s before the air start: its segment list starts at 0 as the
 * segment muxer writes it, its first frame really at 0.5 s. Part 2 is the encoder back after a drop
 * ('encoder' clock): its timestamps go on from 100.25 s, again listed as starting at 0.
 */
const PARTS: { clock: PartClock; lines: string[] }[] = [
  {
    clock: { offsetMs: 0, firstStart: 0.5, clock: 'arrival' },
    lines: [
      'v270_p1_00000.ts,0.000000,1.500000',
      'v270_p1_00001.ts,1.500000,2.500000',
      'v270_p1_00002.ts,2.500000,3.500000',
      'v270_p1_00003.ts,3.500000,4.500000',
      'v270_p1_00004.ts,4.500000,5.500000',
    ],
  },
  {
    clock: { offsetMs: 0, firstStart: 100.25, clock: 'encoder' },
    lines: [
      'v270_p2_00000.ts,0.000000,101.250000',
      'v270_p2_00001.ts,101.250000,102.250000',
      'v270_p2_00002.ts,102.250000,103.000000',
    ],
  },
];
const partOffsets = () => [air - 3000, air - 90_000];

async function writePackagerOutput(eventId: number, angle: number) {
  const dir = feedDir(x.t.config.live.dir, eventId, angle);
  await fs.mkdir(dir, { recursive: true });
  for (const [i, part] of PARTS.entries()) {
    const clock = { ...part.clock, offsetMs: partOffsets()[i]! };
    await fs.writeFile(path.join(dir, `p${i + 1}.json`), JSON.stringify(clock));
    await fs.writeFile(path.join(dir, `v270_p${i + 1}.csv`), `${part.lines.join('\n')}\n`);
    for (const line of part.lines) {
      const file = line.split(',')[0]!;
      await fs.writeFile(path.join(dir, file), tsBytes(file));
    }
  }
}

/** A Live event with keys whose angle 1 published, dropped and came back (two parts), files written. */
async function showWithTwoParts(eventPath: string, opts: { premium?: boolean } = {}) {
  const eventId = await x.liveEvent(eventPath, opts);
  const feeds: IssuedFeed[] = await x.ingest.issue(eventId);
  const key = feeds[1]!.key;
  expect((await x.ingest.publish(key, `${eventPath}-1`)).headers.location).toBe(`e${eventId}-a1-p1`);
  expect((await x.ingest.publishDone(key, `${eventPath}-1`)).statusCode).toBe(200);
  expect((await x.ingest.publish(key, `${eventPath}-2`)).headers.location).toBe(`e${eventId}-a1-p2`);
  await writePackagerOutput(eventId, 1);
  return eventId;
}

const configOf = async (who: Who, eventId: number, session?: string, sessions = viewingDriver(x.t.app)) => {
  const res = await sessions.config(who, String(eventId), session);
  expect(res.statusCode).toBe(200);
  return { data: res.json<{ data: { mode: string } }>().data, config: configData(res.json()) };
};
const get = (url: string) => x.t.app.inject({ url });
const expectRefused = (res: { statusCode: number; json(): unknown }, message: string = MEDIA_MESSAGES.invalid) =>
  expect([res.statusCode, res.json()]).toEqual([403, expect.objectContaining({ success: false, message })]);

describe('a live show through its signed stream config', () => {
  let eventId: number;
  let angle1 = '';
  let rendition = '';
  // Each case reads the URLs from here, not from the case before it: a break fails its own case only.
  beforeAll(async () => {
    eventId = await showWithTwoParts('media-free');
    x.clock.set(air + 15_000);
    angle1 = (await configOf(guest, eventId)).config.streamUrls[0]!.url;
    rendition = `${signedPrefix(angle1)}v270.m3u8`;
  });

  it("gives every feed a signed URL of its live folder (program on angle 0, camera n on angle n), mode 'live'", async () => {
    const { data, config } = await configOf(guest, eventId);
    expect(data.mode).toBe('live');
    const where = (url: string) => `${signedParts(url).dir}/${signedParts(url).file}`;
    expect(where(config.programcutUrl)).toBe(`live/e${eventId}/a0/index.m3u8`);
    expect(where(config.videoUrl)).toBe(`live/e${eventId}/a0/index.m3u8`);
    expect(config.streamUrls.map((s) => where(s.url))).toEqual(
      Array.from({ length: 9 }, (_, i) => `live/e${eventId}/a${i + 1}/index.m3u8`),
    );
    expect(grantOf(config.programcutUrl)).toEqual({ e: eventId, v: expect.stringMatching(/^g/), s: null });
  });

  it("serves the feed's master: the ladder's three rungs, each a bare name under the signed prefix", async () => {
    const res = await get(angle1);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // The ladder follows the encoder (a reconnect at another size): the master is asked again each time.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-accel-expires']).toBe(String(EDGE_LIVE_PLAYLIST_S));
    expect(uriLines(res.body)).toEqual(['v144', 'v270', 'v480'].map((v) => `${v}.m3u8`));
    expect(await renditionUrl(x.t.app, angle1, 'v270')).toBe(rendition);
  });

  it('renders the rendition: EVENT, dated segments from the air start on, a discontinuity between parts', async () => {
    const res = await get(rendition);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers['x-accel-expires']).toBe(String(EDGE_LIVE_PLAYLIST_S));
    // Part 1's first two segments end before the air start (the organizer testing): not the show. Its
    // third straddles the air start and is kept. Each first segment of a part is dated by its clock's
    // firstStart (0.5 s, 100.25 s), not the 0 its list says; the others by offsetMs + start * 1000.
    expect(res.body).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-TARGETDURATION:2',
        '#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=12.0',
        '#EXT-X-MEDIA-SEQUENCE:0',
        '#EXT-X-PLAYLIST-TYPE:EVENT',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        `#EXT-X-PROGRAM-DATE-TIME:${iso(air - 500)}`,
        '#EXTINF:1.000,',
        'v270_p1_00002.ts',
        `#EXT-X-PROGRAM-DATE-TIME:${iso(air + 500)}`,
        '#EXTINF:1.000,',
        'v270_p1_00003.ts',
        `#EXT-X-PROGRAM-DATE-TIME:${iso(air + 1500)}`,
        '#EXTINF:1.000,',
        'v270_p1_00004.ts',
        '#EXT-X-DISCONTINUITY',
        `#EXT-X-PROGRAM-DATE-TIME:${iso(air + 10_250)}`,
        '#EXTINF:1.000,',
        'v270_p2_00000.ts',
        `#EXT-X-PROGRAM-DATE-TIME:${iso(air + 11_250)}`,
        '#EXTINF:1.000,',
        'v270_p2_00001.ts',
        `#EXT-X-PROGRAM-DATE-TIME:${iso(air + 12_250)}`,
        '#EXTINF:0.750,',
        'v270_p2_00002.ts',
        '',
      ].join('\n'),
    );
    // The same dates from the files, as the rule says: offsetMs + start * 1000, firstStart for a part's first.
    const expected = PARTS.flatMap((part, i) =>
      part.lines.map(
        (line, n) => partOffsets()[i]! + (n === 0 ? part.clock.firstStart : Number(line.split(',')[1])) * 1000,
      ),
    ).slice(2);
    expect(tagValues(res.body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual(expected.map(iso));
  });

  it('serves the segments it names, as MPEG-TS, byte for byte', async () => {
    const names = uriLines((await get(rendition)).body);
    expect(names).toHaveLength(6);
    for (const uri of names) {
      const res = await get(beside(rendition, uri));
      expect([uri, res.statusCode, res.headers['content-type']]).toEqual([uri, 200, 'video/mp2t']);
      expect(res.headers['x-accel-expires']).toBe(String(EDGE_SEGMENT_S));
      expect(res.rawPayload.equals(tsBytes(uri))).toBe(true);
    }
  });

  it('is the same text for every viewer: two guests get the same master and rendition', async () => {
    const other = (await configOf(await x.people.guest('another live viewer'), eventId)).config.streamUrls[0]!.url;
    expect(grantOf(other).v).not.toBe(grantOf(angle1).v);
    expect((await get(other)).body).toBe((await get(angle1)).body);
    const [mine, theirs] = [await get(rendition), await get(await renditionUrl(x.t.app, other, 'v270'))];
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.body).toBe(mine.body);
  });

  it('refuses unsigned, tampered, other-angle and other-event URLs with 403', async () => {
    const otherId = await x.liveEvent('media-other');
    await x.ingest.issue(otherId);
    const other = (await configOf(guest, otherId)).config.streamUrls[0]!.url;
    const segment = beside(rendition, uriLines((await get(rendition)).body)[0]!);
    for (const url of [angle1, rendition, segment]) {
      const { dir, file } = signedParts(url);
      // Unsigned: the old address, and the signed prefix without a signature, are no media.
      expect((await get(`/media/${dir}/${file}`)).statusCode).toBe(404);
      expect([(await get(`/media/signed/${dir}/${file}`)).statusCode]).toEqual([404]);
      expectRefused(await get(flippedSig(url)));
      expectRefused(await get(withGrant(url, { e: otherId })));
      expectRefused(await get(withParts(url, { exp: String(Number(signedParts(url).exp) + 60) })));
      // Another angle of the same show: one signature opens one feed's folder.
      expectRefused(await get(withParts(url, { dir: `live/e${eventId}/a2` })));
      // Another show's signature (valid for its own folder) on this show's files, and this one's on its.
      const theirs = signedParts(other);
      expectRefused(await get(withParts(url, { sig: theirs.sig, exp: theirs.exp, grant: theirs.grant })));
      expectRefused(await get(withParts(url, { dir: `live/e${otherId}/a1` })));
      // A live signature on an on-demand folder.
      expectRefused(await get(withParts(url, { dir: 'streams/free-angle-1', file: 'index.m3u8' })));
      // Control: the URL as given.
      expect((await get(url)).statusCode).toBe(200);
    }
    // Control: the other show's URL on its own folder plays (the refusals above are about the folder).
    expect((await get(other)).statusCode).toBe(200);
  });

  it('refuses before the air start with 409, also for a URL signed after it', async () => {
    const segment = beside(rendition, uriLines((await get(rendition)).body)[0]!);
    const now = x.clock.now();
    x.clock.set(air - 60_000);
    try {
      for (const url of [angle1, rendition, segment]) {
        const res = await get(url);
        expect([res.statusCode, res.json().message]).toEqual([409, STREAM_MESSAGES.notStarted]);
      }
    } finally {
      x.clock.set(now);
    }
  });

  it("once the show has ended: the same playlist with ENDLIST (the replay), the config's mode 'vod'", async () => {
    expect((await get(rendition)).body).not.toContain('#EXT-X-ENDLIST');
    expect((await x.ingest.end(eventId)).statusCode).toBe(200);
    x.clock.advance(1_500); // past the one-second cache of the feed's state
    const res = await get(rendition);
    expect(res.statusCode).toBe(200);
    expect(res.body.trimEnd().split('\n').at(-1)).toBe('#EXT-X-ENDLIST');
    expect(res.body.match(/#EXT-X-ENDLIST/g)).toHaveLength(1);
    expect(uriLines(res.body)).toHaveLength(6);
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // The replay no longer grows: the edge keeps it as long as an on-demand playlist.
    expect(res.headers['x-accel-expires']).toBe(String(EDGE_PLAYLIST_S));
    const { data, config } = await configOf(guest, eventId);
    expect(data.mode).toBe('vod');
    expect(`${signedParts(config.streamUrls[0]!.url).dir}/${signedParts(config.streamUrls[0]!.url).file}`).toBe(
      `live/e${eventId}/a1/index.m3u8`,
    );
  });
});

describe("a premium show's live media", () => {
  it('answer only while the viewing session the URL names is open: 403 without one, and once it closed', async () => {
    x.clock.set(air + 20_000);
    const eventId = await showWithTwoParts('media-premium', { premium: true });
    const sessions = viewingDriver(x.t.app);
    const buyer = await sessions.user('live-buyer');
    await giveOrder(x.t.database.db, buyer.userId!, [eventId]);
    const opened = await sessions.open(buyer, String(eventId));
    expect(opened.statusCode).toBe(201);
    const sessionId = opened.json<{ data: { sessionId: string } }>().data.sessionId;
    const url = (await configOf(buyer, eventId, sessionId, sessions)).config.streamUrls[0]!.url;
    expect(grantOf(url).s).toBe(sessionId);
    const rendition = await renditionUrl(x.t.app, url, 'v270');
    const segment = beside(rendition, 'v270_p2_00000.ts');
    expect((await get(rendition)).statusCode).toBe(200);
    expect((await get(segment)).statusCode).toBe(200);

    // A URL validly signed for this feed but naming no viewing session (as a free event's would).
    const signer = createMediaSigner(deriveKeys(x.t.config.jwtSecret).mediaSigning);
    const exp = Math.floor(x.clock.now() / 1000) + 600;
    const unsessioned = signer.url(`live/e${eventId}/a1`, 'index.m3u8', { e: eventId, v: `u${buyer.userId}`, exp });
    expectRefused(await get(unsessioned), MEDIA_MESSAGES.sessionEnded);

    expect((await sessions.close(buyer, sessionId)).statusCode).toBe(200);
    x.clock.advance(5_001); // past the gate's cache of the session
    expectRefused(await get(url), MEDIA_MESSAGES.sessionEnded);
    expectRefused(await get(rendition), MEDIA_MESSAGES.sessionEnded);
    expectRefused(await get(segment), MEDIA_MESSAGES.sessionEnded);
  });
});
