import { MEDIA_MESSAGES } from '../../../src/server/modules/streams/protectedMedia';
import { giveOrder } from '../../utils/cart';
import { configData, renditionUrl, streamsTestApp, uriLines, withParam, type StreamsTestApp } from './streamsFixture';

let x: StreamsTestApp;
let angle1 = '';
let angle1Rendition = '';
let program = '';
let quad = '';
let freeAngle1 = '';
let freeProgram = '';
beforeAll(async () => {
  x = await streamsTestApp();
  const buyer = await x.d.user('media-buyer');
  await giveOrder(x.t.database.db, buyer.userId!, [x.ids['str-premium']!]);
  const config = configData((await x.s.config(buyer, 'str-premium')).json());
  angle1 = config.streamUrls[0]!.url;
  angle1Rendition = await renditionUrl(x.t.app, angle1);
  program = config.programcutUrl;
  quad = config.video_quad_Url;
  const free = configData((await x.s.config(await x.d.guest(), 'str-free')).json());
  freeAngle1 = free.streamUrls[0]!.url;
  freeProgram = free.programcutUrl;
});
afterAll(() => x.t.close());

const query = (url: string) => url.slice(url.indexOf('?') + 1);
const segmentUrl = (playlistUrl: string, seg = 'v270_000.ts') => playlistUrl.replace(/[^/]+\.m3u8/, seg);
const expectRefused = (
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  message: string = MEDIA_MESSAGES.invalid,
) => {
  expect([res.statusCode, res.json()]).toEqual([403, expect.objectContaining({ success: false, message, data: null })]);
  expect(res.headers['access-control-allow-origin']).toBeUndefined();
};

describe('a signed playlist', () => {
  it('is rendered, not the raw file: every segment line carries the same signed query', async () => {
    const res = await x.s.media(angle1Rendition);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const lines = uriLines(res.body);
    expect(lines.length).toBeGreaterThan(6);
    expect(lines.filter((l) => !/^v270_00[0-5]\.ts\?/.test(l) || !l.endsWith(`?${query(angle1)}`))).toEqual([]);
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
    expect(maxAge).toBeLessThanOrEqual(10 * 60);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a nine-angle player is not throttled: 120 segment requests in a row all answer', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 120; i += 1)
      statuses.add((await x.s.media(segmentUrl(angle1, `v270_00${i % 6}.ts`), 'HEAD')).statusCode);
    expect([...statuses]).toEqual([200]);
  });
});

describe('a signed URL is refused with 403', () => {
  it('without a signature, or with parts missing', async () => {
    expectRefused(await x.s.media(angle1.split('?')[0]!));
    expectRefused(await x.s.media(segmentUrl(angle1.split('?')[0]!)));
    for (const part of ['e', 'v', 'exp', 'sig']) {
      const params = new URLSearchParams(query(angle1));
      params.delete(part);
      expectRefused(await x.s.media(`${angle1.split('?')[0]}?${params.toString()}`));
    }
  });

  it('with a tampered signature', async () => {
    const sig = new URLSearchParams(query(angle1)).get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    expectRefused(await x.s.media(withParam(angle1, 'sig', flipped)));
    expectRefused(await x.s.media(withParam(segmentUrl(angle1), 'sig', flipped)));
  });

  it('with a changed expiry, event or viewer', async () => {
    const exp = Number(new URLSearchParams(query(angle1)).get('exp'));
    expectRefused(await x.s.media(withParam(segmentUrl(angle1), 'exp', String(exp + 3600))));
    expectRefused(await x.s.media(withParam(segmentUrl(angle1), 'e', String(x.ids['str-free']))));
    expectRefused(await x.s.media(withParam(segmentUrl(angle1), 'v', 'u999999')));
  });

  it("for another folder: one angle's signature does not open another", async () => {
    expectRefused(await x.s.media(`/media/streams/angle-2/index.m3u8?${query(angle1)}`));
    expectRefused(await x.s.media(`/media/streams/angle-2/v270_000.ts?${query(angle1)}`));
    expectRefused(await x.s.media(`/media/streams/angle-2/v480.m3u8?${query(angle1)}`));
    expectRefused(await x.s.media(`/media/streams/program/seg_000.ts?${query(quad)}`));
  });

  it('once expired: the signed URL and a copied playlist stop working', async () => {
    // A free event's: a premium one's would stop sooner, its viewing session silent after a minute.
    const copied = (await x.s.media(freeProgram)).body;
    const segment = `/media/streams/free-program/${uriLines(copied)[0]}`;
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
    '/media/streams/angle-1/package.json',
    '/media/streams/angle-1/..%2fpackage.json',
    '/media/streams/angle-1/..%2f..%2f..%2f..%2fpackage.json',
    '/media/streams/angle-1/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fpackage.json',
    '/media/streams/angle-1%2f..%2f..%2f..%2f..%2fpackage.json',
    '/media/streams/angle-1/..%5c..%5c..%5c..%5cpackage.json',
    '/media/streams/angle-1/%252e%252e%252f%252e%252e%252fpackage.json',
    '/media/streams/angle-1/index.m3u8%00.ts',
  ])('are refused even with a valid signature for the folder: %s', async (path) => {
    const res = await x.s.media(`${path}?${query(angle1)}`);
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toMatch(/"dependencies"|root:/);
  });
});
