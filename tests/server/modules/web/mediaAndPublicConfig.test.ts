// @databases postgres: its outcome does not depend on the kind of database (the public config and /media)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-media-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(mediaDir, 'hero'));
  fs.writeFileSync(path.join(mediaDir, 'hero', 'index.m3u8'), '#EXTM3U\n#EXT-X-ENDLIST\n');
  fs.writeFileSync(path.join(mediaDir, 'hero', 'seg_000.ts'), Buffer.alloc(188));
  t = await createTestApp({ env: { MEDIA_DIR: mediaDir } });
});
afterAll(() => t.close());

describe('GET /v1/public/config', () => {
  it('tells the client to use its own newsletter form and the sandbox card form by default', async () => {
    const res = await t.app.inject({ url: '/v1/public/config' });
    expect(res.json().data).toEqual({
      newsletterEmbedUrl: null,
      googleClientId: null,
      payments: { provider: 'sandbox', publishableKey: null },
    });
  });
});

describe('/media', () => {
  it('serves playlists briefly cached and segments cached for a day, with HLS types', async () => {
    const playlist = await t.app.inject({ url: '/media/hero/index.m3u8' });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toBe('public, max-age=60');
    const segment = await t.app.inject({ url: '/media/hero/seg_000.ts' });
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a missing file with a JSON 404', async () => {
    const res = await t.app.inject({ url: '/media/hero/missing.ts', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it.each([
    '/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/media/..%2f..%2fpackage.json',
    '/media/hero/..%2f..%2f..%2fpackage.json',
  ])('never serves a file outside the media folder: %s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toMatch(/root:|"dependencies"/);
  });
});
