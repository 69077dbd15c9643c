// @databases postgres: its outcome does not depend on the kind of database
import fs from 'node:fs';
import path from 'node:path';
import { EDGE_PLAYLIST_S, EDGE_SEGMENT_S, MEDIA_MESSAGES } from '../../../../src/server/modules/streams/protectedMedia';
import { giveOrder } from '../../../utils/cart';
import {
  beside,
  configData,
  flippedSig,
  grantOf,
  renditionUrl,
  signedParts,
  signedPrefix,
  streamsTestApp,
  uriLines,
  withGrant,
  withParts,
  type StreamsTestApp,
} from './streamsFixture';

let x: StreamsTestApp;
let angle1 = '';
let angle1Rendition = '';
let program = '';
let quad = '';
let freeAngle1 = '';
let freeProgram = '';
let buyerConfig: ReturnType<typeof configData>;
beforeAll(async () => {
  x = await streamsTestApp();
  const buyer = await x.d.user('media-buyer');
  await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
  const config = configData((await x.s.config(buyer, 'str-premium')).json());
  buyerConfig = config;
  angle1 = config.streamUrls[0]!.url;
  angle1Rendition = await renditionUrl(x.t.app, angle1);
  program = config.programcutUrl;
  quad = config.video_quad_Url;
  const free = configData((await x.s.config(await x.d.guest(), 'str-free')).json());
  freeAngle1 = free.streamUrls[0]!.url;
  freeProgram = free.programcutUrl;
});
afterAll(() => x.t.close());

const segmentUrl = (playlistUrl: string, seg = 'v270_000.ts') => beside(playlistUrl, seg);
/** A URL whose folder is another one, everything else (its signature included) as it was. */
const inFolder = (url: string, dir: string, file = signedParts(url).file) => withParts(url, { dir, file });
const expectRefused = (
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  message: string = MEDIA_MESSAGES.invalid,
) => {
  expect([res.statusCode, res.json()]).toEqual([403, expect.objectContaining({ success: false, message, data: null })]);
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
};

describe('a signed playlist', () => {
  it('is rendered, not the raw file: every segment line a bare name, resolving under the same signed prefix', async () => {
    const res = await x.s.media(angle1Rendition);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    // The committed file lists six segments once, undated; the rendered one loops them to 30 dated minutes.
    const raw = fs.readFileSync(path.join(x.t.config.mediaDir, 'streams/angle-1/v270.m3u8'), 'utf8');
    expect(uriLines(raw)).toHaveLength(6);
    expect(raw).not.toContain('#EXT-X-PROGRAM-DATE-TIME');
    const lines = uriLines(res.body);
    expect(lines).toHaveLength((30 * 60) / 2);
    expect(res.body).toContain('#EXT-X-PROGRAM-DATE-TIME');
    expect(lines.filter((l) => !/^v270_00[0-5]\.ts$/.test(l))).toEqual([]);
    // No signature, expiry or viewer in the text: they are in the prefix the URIs resolve under.
    const { sig, exp } = signedParts(angle1Rendition);
    expect([res.body.includes(sig), res.body.includes(exp), res.body.includes(grantOf(angle1).v)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(angle1Rendition).toBe(`${signedPrefix(angle1)}v270.m3u8`);
    for (const uri of new Set(lines)) {
      const segment = await x.s.media(beside(angle1Rendition, uri), 'HEAD');
      expect([uri, segment.statusCode]).toEqual([uri, 200]);
    }
  });

  it('is the same text for every viewer: two buyers, each with their own session, get the same bodies', async () => {
    const other = await x.d.user('media-buyer-2');
    await giveOrder(x.t.database.db, other.userId!, [x.ids['str-premium']!]);
    const theirs = configData((await x.s.config(other, 'str-premium')).json());
    const [mine, yours] = [buyerConfig.streamUrls[0]!.url, theirs.streamUrls[0]!.url];
    // Different viewers and sessions: different URLs, the same folder and file.
    expect(grantOf(yours).v).not.toBe(grantOf(mine).v);
    expect(grantOf(yours).s).not.toBe(grantOf(mine).s);
    expect(signedParts(yours).sig).not.toBe(signedParts(mine).sig);
    expect([signedParts(yours).dir, signedParts(yours).file]).toEqual([signedParts(mine).dir, signedParts(mine).file]);
    for (const [a, b] of [
      [mine, yours],
      [angle1Rendition, await renditionUrl(x.t.app, yours)],
      [buyerConfig.programcutUrl, theirs.programcutUrl],
    ] as const) {
      const [resA, resB] = [await x.s.media(a), await x.s.media(b)];
      expect([resA.statusCode, resB.statusCode]).toEqual([200, 200]);
      expect(resB.body).toBe(resA.body);
    }
    // Two guests of a free event alike.
    const guestUrl = configData((await x.s.config(await x.d.guest(), 'str-free')).json()).streamUrls[0]!.url;
    expect(guestUrl).not.toBe(freeAngle1);
    expect((await x.s.media(await renditionUrl(x.t.app, guestUrl))).body).toBe(
      (await x.s.media(await renditionUrl(x.t.app, freeAngle1))).body,
    );
  });

  it('tells the edge how long one copy may serve every viewer: a ladder or playlist 10 s, a segment an hour', async () => {
    const answers = [
      await x.s.media(angle1),
      await x.s.media(angle1Rendition),
      await x.s.media(program),
      await x.s.media(segmentUrl(angle1)),
    ];
    expect(answers.map((r) => [r.statusCode, r.headers['x-accel-expires']])).toEqual([
      [200, String(EDGE_PLAYLIST_S)],
      [200, String(EDGE_PLAYLIST_S)],
      [200, String(EDGE_PLAYLIST_S)],
      [200, String(EDGE_SEGMENT_S)],
    ]);
    expect([EDGE_PLAYLIST_S, EDGE_SEGMENT_S]).toEqual([10, 3600]);
    // A refusal is kept by no one.
    expect((await x.s.media(flippedSig(angle1))).headers['x-accel-expires']).toBeUndefined();
  });

  it('HEAD answers like GET, without a body', async () => {
    const res = await x.s.media(angle1, 'HEAD');
    expect([res.statusCode, res.body]).toEqual([200, '']);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
  });

  it('its segments are served as MPEG-TS, privately cached no longer than the signature lives', async () => {
    const res = await x.s.media(segmentUrl(angle1));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.rawPayload.length).toBeGreaterThan(1000);
    expect(res.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    // A premium event's URL lives two heartbeats.
    expect(maxAge).toBeLessThanOrEqual(2 * x.t.config.viewing.heartbeatSeconds);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a nine-angle player is not throttled: 120 segment requests in a row all answer', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i += 1)
      statuses.add((await x.s.media(segmentUrl(angle1, `v270_00${i % 6}.ts`), 'HEAD')).statusCode);
    expect([...statuses]).toEqual([200]);
  });
});

describe('a path under /media/signed/ that is not a signed one: 404, nothing served', () => {
  it('without a signature, or with a part missing', async () => {
    const { sig, exp, grant, dir, file } = signedParts(angle1);
    for (const url of [
      `/media/signed/${dir}/${file}`,
      `/media/signed/${exp}/${grant}/${dir}/${file}`,
      `/media/signed/${sig}/${grant}/${dir}/${file}`,
      `/media/signed/${sig}/${exp}/${dir}/${file}`,
      `/media/signed/${sig}/${exp}/${grant}/${file}`,
      `/media/signed/${sig}/${exp}/${grant}/${dir}`,
      `/media/signed/${sig}/${exp}/${grant}/${dir}/`,
    ]) {
      const res = await x.s.media(url);
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        404,
        expect.objectContaining({ success: false, message: MEDIA_MESSAGES.missing, data: null }),
      ]);
    }
  });

  it('the old forms: the folder unsigned, or signed in a query, answer nothing', async () => {
    const { sig, exp, dir, file } = signedParts(angle1);
    const { e, v, s } = grantOf(angle1);
    for (const url of [
      `/media/${dir}/${file}`,
      `/media/${dir}/v270_000.ts`,
      `/media/${dir}/${file}?e=${e}&v=${v}&s=${s}&exp=${exp}&sig=${sig}`,
      `/media/${dir}/v270_000.ts?e=${e}&v=${v}&s=${s}&exp=${exp}&sig=${sig}`,
    ]) {
      const res = await x.s.media(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.rawPayload.includes('#EXTM3U')).toBe(false);
      expect(res.rawPayload[0]).not.toBe(0x47);
    }
  });
});

describe('a signed URL is refused with 403', () => {
  it('with a tampered signature', async () => {
    expectRefused(await x.s.media(flippedSig(angle1)));
    expectRefused(await x.s.media(flippedSig(segmentUrl(angle1))));
    expectRefused(await x.s.media(flippedSig(angle1Rendition)));
  });

  it('with a changed expiry, event, viewer or session', async () => {
    const segment = segmentUrl(angle1);
    const exp = Number(signedParts(segment).exp);
    expectRefused(await x.s.media(withParts(segment, { exp: String(exp + 3600) })));
    expectRefused(await x.s.media(withGrant(segment, { e: x.ids['str-free']! })));
    expectRefused(await x.s.media(withGrant(segment, { v: 'u999999' })));
    expectRefused(await x.s.media(withGrant(segment, { s: '6f1c1a52-8d0e-4a8b-9a51-0c2f3c1c7e11' })));
    expectRefused(await x.s.media(withGrant(segment, { s: null })));
    // Control: the URL as given plays.
    expect((await x.s.media(segment)).statusCode).toBe(200);
  });

  it("for another folder: one angle's signature does not open another", async () => {
    expectRefused(await x.s.media(inFolder(angle1, 'streams/angle-2')));
    expectRefused(await x.s.media(inFolder(angle1, 'streams/angle-2', 'v270_000.ts')));
    expectRefused(await x.s.media(inFolder(angle1, 'streams/angle-2', 'v480.m3u8')));
    expectRefused(await x.s.media(inFolder(quad, 'streams/program', 'seg_000.ts')));
    expectRefused(await x.s.media(inFolder(angle1, `live/e${x.ids['str-premium']}/a1`)));
    // Control: the same file in the folder it was signed for.
    expect((await x.s.media(inFolder(quad, 'streams/quad', 'seg_000.ts'))).statusCode).toBe(200);
  });

  it('once expired: the signed URL and a copied playlist stop working', async () => {
    // A free event's: a premium one's would stop sooner, its viewing session silent after a minute.
    const copied = (await x.s.media(freeProgram)).body;
    const segment = beside(freeProgram, uriLines(copied)[0]!);
    expect((await x.s.media(segment)).statusCode).toBe(200);
    const start = x.clock.now();
    try {
      x.clock.advance(10 * 60 * 1000 - 1000);
      expect((await x.s.media(segment)).statusCode).toBe(200);
      expect((await x.s.media(segment)).headers['cache-control']).toBe('private, max-age=1');
      x.clock.advance(1000);
      expectRefused(await x.s.media(segment), MEDIA_MESSAGES.expired);
      expectRefused(await x.s.media(freeProgram), MEDIA_MESSAGES.expired);
      expectRefused(await x.s.media(program), MEDIA_MESSAGES.expired);
      expectRefused(await x.s.media(freeAngle1), MEDIA_MESSAGES.expired);
    } finally {
      x.clock.set(start);
    }
  });
});

describe('paths outside the streams folder', () => {
  it.each([
    'package.json',
    '..%2fpackage.json',
    '..%2f..%2f..%2f..%2f..%2f..%2f..%2fpackage.json',
    '%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
    '..%5c..%5c..%5c..%5c..%5c..%5cpackage.json',
    '%252e%252e%252f%252e%252e%252fpackage.json',
    'index.m3u8%00.ts',
    '../../../../../../../package.json',
    '%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
  ])('are refused even with a valid signature for the folder: <signed prefix of angle-1>/%s', async (rest) => {
    const res = await x.s.media(`${signedPrefix(angle1)}${rest}`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/"dependencies"|root:|#EXTM3U/);
  });

  it('the folder itself spelled as a way out is refused too', async () => {
    const prefix = signedPrefix(angle1).replace(/\/$/, '');
    for (const rest of ['%2f..%2f..%2f..%2f..%2fpackage.json', '/..%2f..%2f..%2f..%2fpackage.json']) {
      const res = await x.s.media(`${prefix}${rest}`);
      expect([rest, res.statusCode]).toEqual([rest, 404]);
      expect(res.body).not.toMatch(/"dependencies"/);
    }
  });
});
