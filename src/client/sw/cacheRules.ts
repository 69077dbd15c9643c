import { SERVER_PATH_PREFIXES } from '../../shared/constants';

/**
 * Which GET answers the service worker may keep at run time, and in which cache. Only public answers
 * that are the same for every caller are kept; everything else (cart, orders, profile, payments,
 * sign-in, stream configs, viewing sessions, video) is never stored, because a shared device would
 * otherwise hand one person's data, or a signed media URL, to the next.
 */
export const RUNTIME_CACHES = {
  /** Catalog reads: carousel, categories, listings, subscriptions, agreements, footer links, settings. */
  catalog: { name: 'catalog-v1', maxEntries: 80, maxAgeSeconds: 7 * 24 * 60 * 60 },
  /** Event pages, stored only as their caller-independent copy (see publicEventCopy), used offline. */
  events: { name: 'events-v1', maxEntries: 40, maxAgeSeconds: 7 * 24 * 60 * 60 },
  /** Posters and carousel images (not video: segments and playlists are never cached). */
  images: { name: 'images-v1', maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 },
} as const;

export type RuntimeCacheName = keyof typeof RUNTIME_CACHES;

const CATALOG_PATHS = [
  /^\/v1\/carousel$/,
  /^\/v1\/pagecategory$/,
  /^\/v1\/pagecategory\/listing$/,
  /^\/v1\/pagecategory\/[^/]+\/events$/,
  /^\/v1\/subscription\/\d+$/,
  /^\/v1\/agreement\/\d+$/,
  /^\/v1\/footerlink\/\d+$/,
  /^\/v1\/public\/config$/,
  /^\/misc\/data$/,
];
const EVENT_PATH = /^\/v1\/asset\/[^/]+$/;
const IMAGE_PATH = /^\/media\/(posters|carousel)\/[\w.-]+\.(svg|png|jpe?g|webp|avif)$/;

/** The runtime cache for a request, or null when it must always go to the network. */
export function runtimeCacheFor(url: URL, origin: string, method = 'GET'): RuntimeCacheName | null {
  if (method !== 'GET' || url.origin !== origin) return null;
  const path = url.pathname;
  if (CATALOG_PATHS.some((p) => p.test(path))) return 'catalog';
  if (EVENT_PATH.test(path)) return 'events';
  if (IMAGE_PATH.test(path)) return 'images';
  return null;
}

/** Navigations the precached app shell does not answer: the server's own paths, and file names. */
/** How long a page may take from the server before the worker starts the precached shell instead. */
export const NAVIGATION_TIMEOUT_SECONDS = 4;

export const NAVIGATION_DENYLIST = [new RegExp(`^(${SERVER_PATH_PREFIXES.join('|')})(/|$)`), /\/[^/]+\.[A-Za-z0-9]+$/];

type AssetAnswer = { data?: Array<{ isPremium?: number; canUserWatchAsset?: number }> };

/**
 * The event page's answer says whether *this caller* may watch (canUserWatchAsset). The copy kept for
 * offline use says what it says to anyone: free events yes, premium ones no (an owner offline sees
 * the price instead of Play, and cannot watch offline anyway). Vary and ETag go with the caller's copy.
 */
export async function publicEventCopy(response: Response): Promise<Response | null> {
  if (response.status !== 200) return null;
  let body: AssetAnswer;
  try {
    body = (await response.clone().json()) as AssetAnswer;
  } catch {
    return null;
  }
  if (!Array.isArray(body.data)) return null;
  const data = body.data.map((event) => ({ ...event, canUserWatchAsset: event.isPremium === 1 ? 0 : 1 }));
  const headers = new Headers(response.headers);
  for (const name of ['vary', 'etag', 'content-length', 'content-encoding']) headers.delete(name);
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify({ ...body, data }), { status: 200, statusText: 'OK', headers });
}
