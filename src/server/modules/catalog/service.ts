import type { AssetDetail, CategoryFilter, ListingFilter } from '../../../shared/contract/catalog';
import { MAX_ID, parseIdOrPath } from '../../../shared/contract/ids';
import { Invalid, NotFound } from '../../platform/domainErrors';
import type { Caller } from '../../platform/callerIdentity';
import { toAssetSummary, toBlock, toCarouselItem, toCategory } from './mappers';
import type { CachedBody, ReadCache } from './readCache';
import type { CatalogRepository, Keyset } from './catalogRepository';
import { sitemapUrls, type SitemapUrl } from './sitemap';
import { eventNotFound } from '../../platform/eventNotFound';
import { fieldProblem } from '../../platform/fieldProblem';
import { DATA_FOUND, ok } from '../../platform/successEnvelope';
import { createTtlCache } from '../../platform/ttlCache';

/** Every catalog answer says it found what was asked. */
const found = <T>(data: T) => ok(data, DATA_FOUND);

/** Decides whether a caller may watch an event; the orders module answers for premium events. */
export type Entitlements = {
  ownsEvent(caller: Caller | null, eventId: number): Promise<boolean>;
  /** Whether a capacity-limited event has no ticket left, as the database says now. */
  isSoldOut(eventId: number): Promise<boolean>;
};

/** What decides an event page's per-caller fields, cached with the catalog. */
type AssetFacts = { id: number; premium: boolean; limited: boolean };

type Page = { start: number; limit: number; cursor?: string };

/**
 * How old the "sold out" an event page shows may be. At an on-sale every fan reloads the page: one
 * database read per event and second per instance instead of one per request. The sale itself (the
 * cart, the payment intent, the order taking its seat) reads the database every time.
 */
export const SEATS_ON_PAGE_MS = 1000;

/**
 * `entitlements` is required: forgetting to wire it must not quietly lock (or open) every premium event.
 * `shareImageOf` finds an event's picture for link previews (shareImage.ts).
 */
export function createCatalogService(deps: {
  repo: CatalogRepository;
  cache: ReadCache;
  entitlements: Entitlements;
  shareImageOf: (posterPath: string) => string | null;
  /** The clock that ages the seats figure (tests move it). */
  now?: (() => number) | undefined;
}) {
  const { repo, cache, shareImageOf } = deps;
  const { entitlements } = deps;
  const soldOutOnPage = createTtlCache<number, boolean>({
    ttlMs: SEATS_ON_PAGE_MS,
    max: 10_000,
    now: deps.now ?? Date.now,
    load: (eventId) => entitlements.isSoldOut(eventId),
  });

  async function eventOr404(key: string) {
    const event = await repo.eventByIdOrPath(key);
    if (!event) throw eventNotFound(key);
    return event;
  }

  async function categoryOr404(key: string) {
    const category = await repo.categoryByIdOrPath(key);
    if (!category) throw new NotFound(`No category "${key}"`);
    return category;
  }

  return {
    /** The filter (device, language) is checked with the request; it does not change the answer. */
    carousel(): Promise<CachedBody> {
      return cache.get('carousel', async () => found((await repo.carousel()).map(toCarouselItem)));
    },

    categories(filter: CategoryFilter, page: Page): Promise<CachedBody> {
      const group = parseIdOrPath(String(filter.path));
      if (!('id' in group))
        throw new Invalid(fieldProblem('querystring', ['filter', 'path'], 'must be a page id such as 1'));
      const after = readCursor(page);
      return cache.get(`categories:${group.id}:${page.limit}:${keysetKey(after)}`, async () =>
        found((await repo.categoriesInGroup(group.id, page.limit, after)).map(toCategory)),
      );
    },

    listing(filter: ListingFilter, page: Page): Promise<CachedBody> {
      const after = readCursor(page);
      return cache.get(`listing:${recordKey(filter.path)}:${page.limit}:${keysetKey(after)}`, async () => {
        const category = await categoryOr404(filter.path);
        // One row more than asked tells whether another page exists.
        const rows = await repo.eventsInCategory(category.id, page.limit + 1, after);
        const pageRows = rows.slice(0, page.limit);
        const last = pageRows.at(-1);
        const nextCursor =
          rows.length > page.limit && last ? writeCursor({ order: last.sort_order, id: last.id }) : null;
        return found([{ ...toCategory(category), data: pageRows.map(toAssetSummary), nextCursor }]);
      });
    },

    blocks(categoryKey: string, offset: number, limit: number): Promise<CachedBody> {
      return cache.get(`blocks:${recordKey(categoryKey)}:${offset}:${limit}`, async () => {
        const category = await categoryOr404(categoryKey);
        const blocks = await repo.blocksOfCategory(category.id, offset, limit);
        if (blocks.length || offset > 0) return found(blocks.map(toBlock));
        // A category without blocks is one block: itself.
        const events = await repo.eventsInCategory(category.id, 100);
        return found([
          { id: 0, title: category.label, description: category.description, data: events.map(toAssetSummary) },
        ]);
      });
    },

    /**
     * The event page's asset, with canUserWatchAsset and soldOut for this caller. The facts that
     * decide those two are cached with the catalog; then only the questions that depend on sales
     * are asked per request: a user's order, and the seats of a capacity-limited event, read at most
     * once a second (SEATS_ON_PAGE_MS). Each of the four possible answers is serialized and tagged once.
     */
    async asset(key: string, caller: Caller | null): Promise<CachedBody> {
      const record = recordKey(key);
      const facts = JSON.parse(
        (
          await cache.get(`asset:${record}:facts`, async () => {
            const event = await eventOr404(key);
            return { id: event.id, premium: event.is_premium, limited: event.capacity !== null } satisfies AssetFacts;
          })
        ).json,
      ) as AssetFacts;
      const canWatch = !facts.premium || (await entitlements.ownsEvent(caller, facts.id));
      const soldOut = facts.premium && facts.limited && (await soldOutOnPage.get(facts.id));
      return cache.get(`asset:${record}:${canWatch ? 1 : 0}${soldOut ? 1 : 0}`, async () => {
        const summary = toAssetSummary(await eventOr404(key));
        return found([
          {
            ...summary,
            canUserWatchAsset: canWatch ? 1 : 0,
            soldOut: soldOut ? 1 : 0,
            shareImagePath: shareImageOf(summary.vodOrLivePosterImageFilePath),
          } satisfies AssetDetail,
        ]);
      });
    },

    /**
     * The sitemap's rows, cached with the catalog: an import is in it at once on this instance and
     * within the catalog's bound on the others.
     */
    async sitemap(publicUrl: string): Promise<{ urls: SitemapUrl[]; etag: string }> {
      const body = await cache.get('sitemap', async () => sitemapUrls(await repo.sitemapRows(), publicUrl));
      return { urls: JSON.parse(body.json) as SitemapUrl[], etag: body.etag };
    },

    subscription(id: number): Promise<CachedBody> {
      return cache.get(`subscription:${id}`, async () => {
        const row = await repo.subscription(id);
        if (!row) throw new NotFound(`No subscription ${id}`);
        return found(row);
      });
    },

    agreement(id: number): Promise<CachedBody> {
      return cache.get(`agreement:${id}`, async () => {
        const row = await repo.agreement(id);
        if (!row) throw new NotFound(`No agreement ${id}`);
        return found([row]);
      });
    },

    footerLink(id: number): Promise<CachedBody> {
      return cache.get(`footerlink:${id}`, async () => {
        const row = await repo.footerLink(id);
        if (!row) throw new NotFound(`No footer link ${id}`);
        return found(row);
      });
    },
  };
}
export type CatalogService = ReturnType<typeof createCatalogService>;

/** Paging is by keyset (`start` is always 0: the contract says so): later pages by the cursor the page before gave. */
function readCursor(page: Page): Keyset | undefined {
  if (page.cursor === undefined) return undefined;
  try {
    const [order, id] = JSON.parse(Buffer.from(page.cursor, 'base64url').toString('utf8')) as unknown[];
    const inRange = (n: unknown, min: number): n is number =>
      Number.isInteger(n) && (n as number) >= min && (n as number) <= MAX_ID;
    if (inRange(order, -MAX_ID) && inRange(id, 1)) return { order, id };
  } catch {
    // fall through to the 400 below
  }
  throw new Invalid(fieldProblem('querystring', ['cursor'], 'is not one this server gave out'));
}

/** Cache-key parts: '007' and '7' name one record; a cursor is keyed by what it decodes to. */
const recordKey = (key: string) => {
  const k = parseIdOrPath(key);
  return 'id' in k ? `#${k.id}` : k.path;
};
const keysetKey = (k: Keyset | undefined) => (k ? `${k.order}/${k.id}` : '');

const writeCursor = (k: Keyset) => Buffer.from(JSON.stringify([k.order, k.id])).toString('base64url');
