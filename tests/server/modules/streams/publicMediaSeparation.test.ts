// @databases postgres: its outcome does not depend on the kind of database
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicMediaPath } from '../../../../src/server/modules/web/media';
import { configData, signedPrefix, streamsTestApp, type StreamsTestApp } from './streamsFixture';

let x: StreamsTestApp;
let port = 0;
/** A guest's signed URL of the free event's first angle, and the prefix its files resolve under. */
let signed = '';
let prefix = '';
beforeAll(async () => {
  x = await streamsTestApp();
  await x.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (x.t.app.server.address() as AddressInfo).port;
  signed = configData((await x.s.config(await x.d.guest(), 'str-free')).json()).streamUrls[0]!.url;
  prefix = signedPrefix(signed);
});
afterAll(() => x.t.close());

/** A request over a real socket with the path exactly as written (app.inject would normalise `..` and `%2e%2e`). */
function rawGet(path: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('public media stays public', () => {
  it('serves the hero loop with a public cache and wildcard CORS, as before', async () => {
    const playlist = await x.t.app.inject({ url: '/media/hero/index.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['cache-control']).toBe('public, max-age=60');
    expect(playlist.headers['access-control-allow-origin']).toBe('*');
    const segment = await x.t.app.inject({ url: '/media/hero/seg_000.ts' });
    expect([
      segment.statusCode,
      segment.headers['cache-control'],
      segment.headers['access-control-allow-origin'],
    ]).toEqual([200, 'public, max-age=86400', '*']);
    expect((await x.t.app.inject({ url: '/media/explainer/index.m3u8' })).statusCode).toBe(200);
  });
});

describe('protected media is never served by the public mount', () => {
  const spellings = [
    '/media/streams/angle-1/index.m3u8',
    '/media/streams/angle-1/v270_000.ts',
    '/media/%73treams/angle-1/v270_000.ts',
    '/media/%2573treams/angle-1/v270_000.ts',
    '/media/%252573treams/angle-1/v270_000.ts',
    '/media//streams/angle-1/v270_000.ts',
    '/media///streams/angle-1/index.m3u8',
    '/media/./streams/angle-1/v270_000.ts',
    '/media/.%2fstreams/angle-1/v270_000.ts',
    '/media/hero/../streams/angle-1/v270_000.ts',
    '/media/hero/%2e%2e/streams/angle-1/v270_000.ts',
    '/media/hero/..%2fstreams/angle-1/v270_000.ts',
    '/media/STREAMS/angle-1/v270_000.ts',
    '/media/streams%2fangle-1%2fv270_000.ts',
    '/media/live/e1/a1/index.m3u8',
    '/media/%6cive/e1/a1/index.m3u8',
    '/media/hero/../live/e1/a1/index.m3u8',
    '/media/LIVE/e1/a1/index.m3u8',
    '/media/signed/streams/angle-1/index.m3u8',
    '/media/%73igned/streams/angle-1/v270_000.ts',
    '/media/hero/../signed/streams/angle-1/v270_000.ts',
    '/media/Signed/streams/angle-1/v270_000.ts',
  ];

  it.each(spellings)('not through app.inject: %s', async (path) => {
    const res = await x.t.app.inject({ url: path });
    expect(res.statusCode).not.toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).not.toContain('#EXTM3U');
  });

  it.each(spellings)('not over a socket, path as written: %s', async (path) => {
    const res = await rawGet(path);
    expect(res.status).not.toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).not.toContain('#EXTM3U');
  });

  it('a signed URL spelled another way is still the protected route (signed answer, no CORS)', async () => {
    const res = await rawGet(signed.replace('/media/signed/', '/media/%73igned/'));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.headers['x-accel-expires']).toBe('10');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body).toContain('#EXTM3U');
  });

  it('a valid signed path reached through the public mount is refused there: never served with public headers', async () => {
    const rest = signed.slice('/media/signed/'.length);
    for (const path of [
      `/media/hero/../signed/${rest}`,
      `/media/hero/%2e%2e/signed/${rest}`,
      `/media/./signed/${rest}`,
      `/media//signed/${rest}`,
      `/media/%2573igned/${rest}`,
      `/media/SIGNED/${rest}`,
    ]) {
      const res = await rawGet(path);
      expect([path, res.status === 200, res.headers['cache-control']]).toEqual([path, false, undefined]);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.body).not.toContain('#EXTM3U');
    }
  });

  it.each([
    '../../../../../../../../package.json',
    '%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
    '%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/%2E%2E/package.json',
    '..%2f..%2f..%2f..%2f..%2f..%2f..%2f..%2fpackage.json',
    '../index.m3u8',
    '../../../../../streams/free-angle-1/index.m3u8',
  ])(
    "a traversal over a socket, under a valid signed prefix (the free event's first angle), is refused: <prefix>/%s",
    async (rest) => {
      const res = await rawGet(`${prefix}${rest}`);
      expect(res.status).not.toBe(200);
      expect(res.body).not.toContain('"dependencies"');
      expect(res.body).not.toContain('#EXTM3U');
    },
  );

  it('a traversal from the signed prefix itself is refused over a socket', async () => {
    for (const path of ['/media/signed/../../../package.json', '/media/signed/%2e%2e/%2e%2e/%2e%2e/package.json']) {
      const res = await rawGet(path);
      expect([path, res.status === 200]).toEqual([path, false]);
      expect(res.body).not.toContain('"dependencies"');
    }
  });

  it('the public mount decides on the decoded, normalised path', () => {
    expect(isPublicMediaPath('/hero/index.m3u8')).toBe(true);
    expect(isPublicMediaPath('/posters/streams.svg')).toBe(true);
    expect(isPublicMediaPath('/posters/signed.svg')).toBe(true);
    for (const p of [
      '/streams/a/b.ts',
      '//streams/a',
      '/./streams/a',
      '/x/../streams/a',
      '/%73treams/a',
      '/%2573treams/a',
      '/Streams/a',
      '/live/e1/a1/index.m3u8',
      '/x/../live/e1',
      '/%6Cive/e1',
      '/signed/abc/1/e1.u1/streams/a/index.m3u8',
      '//signed/x',
      '/%73igned/x',
      '/%2573igned/x',
      '/SIGNED/x',
      '/%E0%A4%A/x',
    ]) {
      expect([p, isPublicMediaPath(p)]).toEqual([p, false]);
    }
  });
});
