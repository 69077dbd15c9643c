// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs';
import path from 'node:path';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { EDGE_PLAYLIST_S, EDGE_SEGMENT_S, MEDIA_MESSAGES } from '../../../../src/server/modules/streams/protectedMedia';
import { sessionStateCacheMs } from '../../../../src/server/modules/streams/viewingSessionGate';
import { parseVariantPlaylist, renderVariants } from '../../../../src/server/modules/streams/variantPlaylist';
import { giveOrder } from '../../../utils/cart';
import {
  beside,
  configData,
  flippedSig,
  grantOf,
  renditionUrl,
  RUNGS,
  signedParts,
  signedPrefix,
  streamsTestApp,
  tagValues,
  uriLines,
  withParts,
  type StreamsTestApp,
  type Who,
} from './streamsFixture';

/**
 * Each camera angle is a ladder of renditions behind a multi-variant playlist (the config's URL).
 * The master, each rendition's playlist and each segment obey the rules a single playlist did:
 * signed for the folder, for the event, unexpired, and for a premium event an open session.
 */
let x: StreamsTestApp;
let guest: Who;
beforeAll(async () => {
  x = await streamsTestApp();
  guest = await x.d.guest();
});
afterAll(() => x.t.close());

const freeAngle = async (i: number, key = 'str-free') =>
  configData((await x.s.config(guest, key)).json()).streamUrls[i]!.url;
const refusal = async (url: string) => {
  const res = await x.s.media(url);
  return [res.statusCode, res.json().message];
};
/** Each rung's playlist body, fetched through the master as a player does. */
async function renditions(master: string) {
  return Promise.all(
    RUNGS.map(async (rung) => {
      const res = await x.s.media(await renditionUrl(x.t.app, master, rung));
      expect([rung, res.statusCode]).toEqual([rung, 200]);
      return res.body;
    }),
  );
}

describe("an angle's multi-variant playlist", () => {
  it('is served signed: three renditions lowest first, each a bare name under the signed prefix, nothing else', async () => {
    const master = await freeAngle(0);
    const res = await x.s.media(master);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['x-accel-expires']).toBe(String(EDGE_PLAYLIST_S));
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(uriLines(res.body)).toEqual(RUNGS.map((r) => `${r}.m3u8`));
    expect(await renditionUrl(x.t.app, master, 'v480')).toBe(`${signedPrefix(master)}v480.m3u8`);
    const info = tagValues(res.body, '#EXT-X-STREAM-INF');
    expect(info.map((i) => /RESOLUTION=(\d+x\d+)/.exec(i)?.[1])).toEqual(['256x144', '480x270', '854x480']);
    const bandwidths = info.map((i) => Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(i)?.[1]));
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    expect(bandwidths[0]).toBeLessThan(160_000); // a strip tile on a phone
    expect(info.every((i) => /CODECS="avc1\.64[0-9a-f]{4},mp4a\.40\.2"/.test(i))).toBe(true);
  });

  it('is the same text for every viewer, and so is each rendition', async () => {
    const [mine, yours] = [await freeAngle(0), configData((await x.s.config(await x.d.guest(), 'str-free')).json())];
    const theirs = yours.streamUrls[0]!.url;
    expect(grantOf(theirs).v).not.toBe(grantOf(mine).v);
    const [a, b] = [await x.s.media(mine), await x.s.media(theirs)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.body).toBe(a.body);
    expect(await renditions(theirs)).toEqual(await renditions(mine));
  });

  it('is refused like any playlist before a live event airs (409)', async () => {
    x.clock.set(x.liveStart.getTime()); // the config is refused before the air start: sign at it, then go back
    const master = await freeAngle(0, 'str-live');
    x.clock.set(x.liveStart.getTime() - 60_000);
    expect(await refusal(master)).toEqual([409, STREAM_MESSAGES.notStarted]);
  });
});

describe('every rendition is dated alike, so a level switch stays in sync', () => {
  it('on demand: the same program date-times, sequence and discontinuities on each rung, its own segments signed', async () => {
    x.clock.set(Date.now());
    const master = await freeAngle(4);
    const bodies = await renditions(master);
    const pdt = tagValues(bodies[0]!, '#EXT-X-PROGRAM-DATE-TIME');
    expect(pdt).toHaveLength((30 * 60) / 2);
    for (const [i, body] of bodies.entries()) {
      expect(tagValues(body, '#EXT-X-PROGRAM-DATE-TIME')).toEqual(pdt);
      expect(tagValues(body, '#EXT-X-PLAYLIST-TYPE')).toEqual(['VOD']);
      expect(body.split('\n').filter((l) => l === '#EXT-X-DISCONTINUITY')).toHaveLength((30 * 60) / 12 - 1);
      const uris = uriLines(body);
      expect(uris.filter((u) => !new RegExp(`^${RUNGS[i]}_00[0-5]\\.ts$`).test(u))).toEqual([]);
    }
  });

  it('live: at any moment each rung has the same window as the others and as the program feed', async () => {
    for (const msIn of [500, 25_000, 61_900]) {
      x.clock.set(x.liveStart.getTime() + msIn);
      const config = configData((await x.s.config(guest, 'str-live')).json());
      const [bodies, program] = await Promise.all([
        renditions(config.streamUrls[2]!.url),
        x.s.media(config.programcutUrl),
      ]);
      for (const tag of ['#EXT-X-PROGRAM-DATE-TIME', '#EXT-X-MEDIA-SEQUENCE', '#EXT-X-DISCONTINUITY-SEQUENCE']) {
        for (const body of bodies)
          expect([msIn, tag, tagValues(body, tag)]).toEqual([msIn, tag, tagValues(program.body, tag)]);
      }
      for (const body of bodies) expect(body).not.toContain('#EXT-X-ENDLIST');
    }
  });

  it('the segments of each rung are served as MPEG-TS', async () => {
    x.clock.set(Date.now());
    const master = await freeAngle(1);
    for (const rung of RUNGS) {
      const res = await x.s.media(beside(master, `${rung}_003.ts`));
      expect([rung, res.statusCode, res.headers['content-type'], res.rawPayload[0]]).toEqual([
        rung,
        200,
        'video/mp2t',
        0x47,
      ]);
      expect(res.headers['x-accel-expires']).toBe(String(EDGE_SEGMENT_S));
    }
  });
});

describe('a rendition or its segments are refused', () => {
  it('unsigned (404: no signed path), tampered, expired, or signed for another folder (403)', async () => {
    x.clock.set(Date.now());
    const master = await freeAngle(0);
    const variant = await renditionUrl(x.t.app, master, 'v480');
    const segment = beside(master, 'v480_000.ts');
    for (const url of [variant, segment]) {
      const { dir, file } = signedParts(url);
      expect(await refusal(`/media/${dir}/${file}`)).toEqual([404, expect.any(String)]);
      expect(await refusal(`/media/signed/${dir}/${file}`)).toEqual([404, MEDIA_MESSAGES.missing]);
      expect(await refusal(flippedSig(url))).toEqual([403, MEDIA_MESSAGES.invalid]);
      expect(await refusal(withParts(url, { exp: String(Number(signedParts(url).exp) + 60) }))).toEqual([
        403,
        MEDIA_MESSAGES.invalid,
      ]);
      expect(await refusal(withParts(url, { dir: 'streams/free-angle-2' }))).toEqual([403, MEDIA_MESSAGES.invalid]);
      expect(await refusal(withParts(url, { dir: 'streams/angle-1' }))).toEqual([403, MEDIA_MESSAGES.invalid]);
      expect((await x.s.media(url)).statusCode).toBe(200);
    }
    const start = x.clock.now();
    try {
      x.clock.advance(10 * 60 * 1000);
      for (const url of [master, variant, segment]) expect(await refusal(url)).toEqual([403, MEDIA_MESSAGES.expired]);
    } finally {
      x.clock.set(start);
    }
  });

  it("on a premium event, once the viewing session is closed (the master's own URL as well)", async () => {
    x.clock.set(Date.now());
    const buyer = await x.d.user('ladder-buyer');
    await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
    const master = configData((await x.s.config(buyer, 'str-premium')).json()).streamUrls[3]!.url;
    const sessionId = grantOf(master).s!;
    expect(sessionId).toBeTruthy();
    const variant = await renditionUrl(x.t.app, master, 'v144');
    const segment = beside(master, 'v480_002.ts');
    for (const url of [variant, segment]) expect((await x.s.media(url)).statusCode).toBe(200);
    expect((await x.s.sessions.close(buyer, sessionId)).statusCode).toBe(200);
    x.clock.advance(sessionStateCacheMs(x.t.config.viewing.heartbeatSeconds));
    for (const url of [master, variant, segment])
      expect(await refusal(url)).toEqual([403, MEDIA_MESSAGES.sessionEnded]);
  });
});

describe('the multi-variant renderer', () => {
  const text =
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=2x2\nlow.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=2\nhigh.m3u8\n';

  it('keeps each variant a bare name beside it, and every tag', () => {
    const body = renderVariants(parseVariantPlaylist(text, 't'));
    expect(body).toBe(text);
    expect(uriLines(body)).toEqual(['low.m3u8', 'high.m3u8']);
    expect(tagValues(body, '#EXT-X-STREAM-INF')).toEqual(['BANDWIDTH=1,RESOLUTION=2x2', 'BANDWIDTH=2']);
  });

  it('refuses variants that are not playlists beside it, and tags with URIs it would pass on unsigned', () => {
    expect(() => parseVariantPlaylist(text.replace('low.m3u8', '../x/low.m3u8'), 'bad')).toThrow(
      /not a playlist beside it/,
    );
    expect(() => parseVariantPlaylist(text.replace('low.m3u8', 'https://cdn.example/low.m3u8'), 'bad')).toThrow(
      /not a playlist beside it/,
    );
    expect(() => parseVariantPlaylist(`${text}#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="audio.m3u8"\n`, 'bad')).toThrow(
      /URI of its own/,
    );
    expect(() => parseVariantPlaylist(`${text}#EXT-X-STREAM-INF:BANDWIDTH=3\n`, 'bad')).toThrow(/has no playlist/);
  });
});

describe('the committed ladders', () => {
  const streams = path.resolve(__dirname, '../../../../public/media/streams');
  const angles = fs.readdirSync(streams).filter((d) => /^(free-)?angle-\d$/.test(d));

  it.each(angles)('%s: three renditions whose segments line up one for one', (dir) => {
    const master = fs.readFileSync(path.join(streams, dir, 'index.m3u8'), 'utf8');
    expect(uriLines(master)).toEqual(RUNGS.map((r) => `${r}.m3u8`));
    const durations = RUNGS.map((r) =>
      tagValues(fs.readFileSync(path.join(streams, dir, `${r}.m3u8`), 'utf8'), '#EXTINF'),
    );
    expect(durations[0]).toHaveLength(6);
    expect(durations[1]).toEqual(durations[0]);
    expect(durations[2]).toEqual(durations[0]);
  });
});
