import { precacheAndRoute } from 'workbox-precaching';

/**
 * Service worker source, built by workbox InjectManifest into /sw.js. It precaches the app shell;
 * registration and runtime caching come with the PWA work.
 */
declare const self: { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
