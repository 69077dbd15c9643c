import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import { createCatalogRepository } from './catalogRepository';
import { crawlerRoutes } from './crawlerRoutes';
import { createReadCache } from './readCache';
import { catalogRoutes } from './routes';
import { createCatalogService, type Entitlements } from './service';
import { shareImageFinder } from './shareImage';

type CatalogNeeds = {
  database: Database;
  /** Does this caller own the event, is it sold out (the orders module). */
  entitlements: Entitlements;
  now?: () => number;
};

/** False for a read the database could not answer (an outage); any other failure stands. */
function noWhenUnreachable(error: unknown): false {
  if (isDatabaseUnreachable(error)) return false;
  throw error;
}

/**
 * The catalog: listings, event pages and the sitemap, read through a cache every instance lets go
 * when the catalog's version moves (`cache.invalidate()` for this process at once).
 */
export function catalogModule(needs: CatalogNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  const repo = createCatalogRepository(needs.database.db);
  const cache = createReadCache(() => repo.catalogVersion(), {
    checkEveryMs: config.limits.catalogVersionCheckMs,
    maxBytes: config.limits.catalogCacheBytes,
  });
  const { entitlements } = needs;
  return {
    cache,
    listings: createCatalogService({
      repo,
      cache,
      // The event page during an outage: "no" for both (the player asks the server, which takes the
      // ticket's signed entitlement then).
      entitlements: {
        ownsEvent: (caller, eventId) => entitlements.ownsEvent(caller, eventId).catch(noWhenUnreachable),
        isSoldOut: (eventId) => entitlements.isSoldOut(eventId).catch(noWhenUnreachable),
      },
      shareImageOf: shareImageFinder(config.mediaDir),
      ...clock,
    }),
  };
}
export type CatalogModule = ReturnType<typeof catalogModule>;

/** The catalog's API, then the pages for crawlers (sitemap, robots, link previews). */
export async function mountCatalog(app: FastifyInstance, services: { catalog: CatalogModule }, config: AppConfig) {
  await app.register(catalogRoutes, { prefix: '/v1', service: services.catalog.listings });
  await app.register(crawlerRoutes, { service: services.catalog.listings, publicUrl: config.publicUrl });
}
