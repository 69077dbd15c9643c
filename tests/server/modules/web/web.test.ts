// @databases both: smoke — the web module: pages and files served beside the database
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createTestApp, type TestApp } from '../../../utils/testApp';

const VENDOR = `console.log(${JSON.stringify('y'.repeat(4000))});`;

/** A stand-in for webpack's output: the server's caching rules depend only on file names. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"AllAccess","start_url":"/"}');
  fs.mkdirSync(path.join(dir, 'icons'));
  fs.writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  fs.writeFileSync(path.join(dir, 'assets', 'main.0123456789.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  // The build's own compressed copies, as compression-webpack-plugin writes them; each is marked
  // here (a comment) so a test can tell it from the same file compressed on the fly.
  fs.writeFileSync(path.join(dir, 'assets', 'vendor.0123456789.js'), VENDOR);
  fs.writeFileSync(path.join(dir, 'assets', 'vendor.0123456789.js.br'), zlib.brotliCompressSync(`${VENDOR}//br`));
  fs.writeFileSync(path.join(dir, 'assets', 'vendor.0123456789.js.gz'), zlib.gzipSync(`${VENDOR}//gz`));
  fs.writeFileSync(
    path.join(dir, 'manifest.webmanifest.br'),
    zlib.brotliCompressSync('{"name":"AllAccess","start_url":"/"}'),
  );
  // Maps a careless build might leave behind: never served.
  fs.writeFileSync(path.join(dir, 'assets', 'main.0123456789.js.map'), '{"version":3,"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(dir, 'sw.js.map'), '{"version":3,"sources":["sw.ts"]}');
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { CLIENT_DIST_DIR: fakeDist() } });
});
afterAll(() => t.close());

describe('static app', () => {
  it('serves hashed assets cached for a year, compressed', async () => {
    const res = await t.app.inject({ url: '/assets/main.0123456789.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    ['br', 'br', '//br'],
    ['gzip', 'gzip', '//gz'],
    ['gzip, br', 'br', '//br'],
    ['identity', undefined, ''],
  ])(
    "sends the build's own compressed copy of an asset to a browser accepting %s, cached as the asset",
    async (accept, encoding, copy) => {
      const res = await t.app.inject({ url: '/assets/vendor.0123456789.js', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const body = res.rawPayload;
      const text =
        encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body;
      expect(text.toString()).toBe(`${VENDOR}${copy}`);
    },
  );

  it("keeps the manifest's rule (revalidate each time) when its compressed copy is sent", async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br' } });
    expect([res.headers['content-encoding'], res.headers['cache-control']]).toEqual(['br', 'no-cache']);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it.each(['/assets/main.0123456789.js.map', '/sw.js.map', '/assets/missing.js'])(
    'answers %s with a JSON 404, even to a browser asking for HTML',
    async (url) => {
      for (const accept of ['*/*', 'text/html']) {
        const res = await t.app.inject({ url, headers: { accept } });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('sources');
        expect(res.json()).toMatchObject({ success: false });
      }
    },
  );

  it.each(['/', '/sw.js'])('never caches %s', async (url) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the web app manifest as application/manifest+json, revalidated on every use', async () => {
    const res = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({ name: 'AllAccess', start_url: '/' });
  });

  it('serves the app icons cached for a day (they are not hashed)', async () => {
    const res = await t.app.inject({ url: '/icons/icon-192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it.each(['/events', '/events/12', '/sign-in', '/terms/3', '/player/abc', '/no/such/page'])(
    'answers the client route %s with index.html',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers a missing asset with 404, not the app', async () => {
    const res = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  // The pages' catch-all takes every GET the router has no other route for: an outside contract
  // tester got its 405 naming GET, its traversal 403 and its 404 at API addresses.
  it.each([
    ['/v1/viewing-sessions/takeover', 405, 'POST'],
    ['/v1/cart/remove', 405, 'POST'],
    // A loopback-only address: to a caller it refuses (here, one without its key) it does not exist.
    ['/internal/organizers/grant', 404, undefined],
    [`/v1/asset/..%5C..%5C${'x'.repeat(101)}`, 414, undefined],
    [`/payments/sandbox/authenticate/${'x'.repeat(101)}`, 414, undefined],
    ['/v1/no-such-call', 404, undefined],
  ])('never answers an API address with a file or a page: GET %s is a %s', async (url, status, allow) => {
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect([res.statusCode, res.headers.allow, res.headers['content-type']]).toEqual([
      status,
      allow,
      'application/json; charset=utf-8',
    ]);
  });

  it('sends security headers with a CSP the app can run under', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same security headers on API answers, errors and files', async () => {
    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const answers = await Promise.all([
      t.app.inject({ url: '/v1/footerlink/1' }),
      t.app.inject({ url: '/v1/asset/999999' }),
      t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 404]);
    for (const res of answers) {
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ]) {
        expect([name, res.headers[name]]).toEqual([name, page.headers[name]]);
      }
    }
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('without a client build', () => {
  it('says how to build it instead of failing obscurely', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ url: '/events', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/npm run build/);
    } finally {
      await bare.close();
    }
  });
});
