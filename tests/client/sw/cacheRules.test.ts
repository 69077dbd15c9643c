import { NAVIGATION_DENYLIST, publicEventCopy, runtimeCacheFor } from '../../../src/client/sw/cacheRules';

/** What the service worker may keep: public catalog answers and images; never anything per user. */
const ORIGIN = 'https://shop.example';
const cacheOf = (path: string, method = 'GET', origin = ORIGIN) =>
  runtimeCacheFor(new URL(path, origin), ORIGIN, method);
const q = encodeURIComponent('{"deviceTypeId":"1","languageId":"1"}');

it.each([
  [`/v1/carousel?filter=${q}`, 'catalog'],
  [`/v1/pagecategory?filter=${q}&start=0&limit=20`, 'catalog'],
  [`/v1/pagecategory/listing?filter=${q}&start=0&limit=7`, 'catalog'],
  ['/v1/pagecategory/2/events?offset=0&limit=50', 'catalog'],
  ['/v1/subscription/1', 'catalog'],
  ['/v1/agreement/3', 'catalog'],
  ['/v1/footerlink/1', 'catalog'],
  ['/v1/public/config', 'catalog'],
  [`/misc/data?filter=${q}`, 'catalog'],
  ['/v1/asset/neon-harbor-tidal-lights', 'events'],
  ['/media/posters/echo-parade-arena-night.svg', 'images'],
  ['/media/carousel/every-angle.svg', 'images'],
])('keeps %s in the %s cache', (path, cache) => {
  expect(cacheOf(path)).toBe(cache);
});

it.each([
  // per user or authenticated
  '/v1/cart',
  '/v1/cart?cartToken=abc',
  '/v1/cart/merge',
  '/v1/order/history',
  '/v1/order?userId=1&assetId=2',
  '/v1/order/createPaymentIntent',
  '/v1/profile/12',
  '/v1/guest-token',
  '/v1/checkuser',
  '/v1/verifyotp',
  '/v1/login',
  '/v1/admin/asset/streamconfig/neon-harbor-tidal-lights',
  '/v1/viewing-sessions',
  '/v1/payments/webhook',
  // video: signed media (on demand and live; a URL is one viewer's), and public segments and playlists alike
  '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.gAbCdEfGhIjKl/streams/angle-1/index.m3u8',
  '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2.6f1c1a52-8d0e-4a8b-9a51-0c2f3c1c7e11/streams/angle-1/v270_000.ts',
  '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2/live/e1/a0/v270.m3u8',
  '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2/live/e1/a0/v270_p1_00001.ts',
  // …even named like an image, or spelled another way
  '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2/posters/x.svg',
  '/media/%73igned/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2/streams/angle-1/index.m3u8',
  '/media/posters/../signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2/posters/x.svg',
  '/media/streams/angle-1/index.m3u8?e=1&v=g&exp=1&sig=x',
  '/media/streams/angle-1/seg_000.ts',
  '/media/hero/index.m3u8',
  '/media/hero/seg_000.ts',
  '/media/explainer/seg_001.ts',
  // development helpers and anything else
  '/dev/mailbox.json',
  '/healthz',
  '/v1/asset/x/extra',
  '/media/posters/../streams/a.svg',
])('never keeps %s', (path) => {
  expect(cacheOf(path)).toBeNull();
});

it('keeps no write and nothing from another origin', () => {
  expect(cacheOf('/v1/carousel', 'POST')).toBeNull();
  expect(cacheOf('/v1/carousel', 'GET', 'https://evil.example')).toBeNull();
});

it.each([
  '/v1/cart',
  '/media/hero/index.m3u8',
  '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u2/streams/angle-1/index.m3u8',
  '/dev/mailbox',
  '/healthz',
  '/payments/sandbox/authenticate/pi_123',
  '/assets/main.js',
  '/sw.js',
  '/manifest.webmanifest',
])('does not answer the navigation %s with the app shell', (path) => {
  expect(NAVIGATION_DENYLIST.some((r) => r.test(path))).toBe(true);
});

it.each([
  '/',
  '/events',
  '/events/neon-harbor-tidal-lights',
  '/cart',
  '/player/neon-harbor-tidal-lights',
  '/category/2',
])('answers the navigation %s with the app shell', (path) => {
  expect(NAVIGATION_DENYLIST.some((r) => r.test(path))).toBe(false);
});

describe('the event page copy kept for offline use', () => {
  const answer = (events: object[], headers: Record<string, string> = {}) =>
    new Response(JSON.stringify({ success: true, message: 'ok', data: events }), {
      status: 200,
      headers: { 'content-type': 'application/json', vary: 'Authorization', etag: '"per-caller"', ...headers },
    });

  it(
    'says what it says to anyone: a premium event the caller owns is stored as not watchable; a free one as ' +
      'watchable',
    async () => {
      const premium = await publicEventCopy(answer([{ id: 1, isPremium: 1, canUserWatchAsset: 1, rate: 20 }]));
      expect(await premium!.json()).toEqual({
        success: true,
        message: 'ok',
        data: [{ id: 1, isPremium: 1, canUserWatchAsset: 0, rate: 20 }],
      });
      const free = await publicEventCopy(answer([{ id: 2, isPremium: 0, canUserWatchAsset: 1 }]));
      expect((await free!.json()).data[0].canUserWatchAsset).toBe(1);
    },
  );

  it('drops the per-caller Vary and ETag', async () => {
    const copy = await publicEventCopy(answer([{ id: 1, isPremium: 1, canUserWatchAsset: 1 }]));
    expect(copy!.headers.get('vary')).toBeNull();
    expect(copy!.headers.get('etag')).toBeNull();
  });

  it('stores nothing for an error or a body it cannot read', async () => {
    expect(await publicEventCopy(new Response('{}', { status: 404 }))).toBeNull();
    expect(await publicEventCopy(new Response('not json', { status: 200 }))).toBeNull();
    expect(await publicEventCopy(new Response('{"data":null}', { status: 200 }))).toBeNull();
  });
});
