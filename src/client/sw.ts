import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import {
  NAVIGATION_DENYLIST,
  NAVIGATION_TIMEOUT_SECONDS,
  RUNTIME_CACHES,
  publicEventCopy,
  runtimeCacheFor,
  type RuntimeCacheName,
} from './sw/cacheRules';

/**
 * The service worker (workbox InjectManifest → /sw.js, scope '/'). The app shell and every hashed
 * asset of this build are precached; the public catalog and its images are kept at run time so
 * pages visited before render offline. See sw/cacheRules.ts for what is never kept, and why.
 */
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first visit is served by this worker at once (offline-ready without a reload). An update waits
// until the page asks (SKIP_WAITING), so it never swaps the build under a payment or the player.
clientsClaim();
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Pages come from the server, which renders the catalog's screens to HTML (with a guest token in
// it: never stored). Offline, or when the server is slower than NAVIGATION_TIMEOUT_SECONDS, the
// precached shell starts the app in the browser as before.
const pageOrShell = new NetworkOnly({
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
  plugins: [{ handlerDidError: async () => (await matchPrecache('/index.html')) ?? Response.error() }],
});
registerRoute(new NavigationRoute(pageOrShell, { denylist: NAVIGATION_DENYLIST }));

const inCache =
  (name: RuntimeCacheName) =>
  ({ url, request }: { url: URL; request: Request }) =>
    runtimeCacheFor(url, self.location.origin, request.method) === name;
const expiration = (name: RuntimeCacheName) =>
  new ExpirationPlugin({
    maxEntries: RUNTIME_CACHES[name].maxEntries,
    maxAgeSeconds: RUNTIME_CACHES[name].maxAgeSeconds,
    purgeOnQuotaError: true,
  });
const okOnly = new CacheableResponsePlugin({ statuses: [200] });

// Public answers: shown at once from the cache and refreshed behind (the same for every token).
registerRoute(
  inCache('catalog'),
  new StaleWhileRevalidate({ cacheName: RUNTIME_CACHES.catalog.name, plugins: [okOnly, expiration('catalog')] }),
);
registerRoute(
  inCache('images'),
  new StaleWhileRevalidate({ cacheName: RUNTIME_CACHES.images.name, plugins: [okOnly, expiration('images')] }),
);
// The event page: always the network (its answer is per caller); its public copy only when offline.
registerRoute(
  inCache('events'),
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.events.name,
    matchOptions: { ignoreVary: true },
    plugins: [{ cacheWillUpdate: async ({ response }) => publicEventCopy(response) }, expiration('events')],
  }),
);
