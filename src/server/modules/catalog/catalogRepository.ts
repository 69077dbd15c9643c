import { sql, type Kysely, type Selectable } from 'kysely';
import { parseIdOrPath } from '../../../shared/contract/ids';
import type { AfterPurchaseColumn } from '../../db/afterPurchaseColumn';
import type { DB, EventsTable } from '../../db/schema';

/** What the storefront reads of an event: the console's own columns and the after-purchase settings are left out. */
export type EventRow = Selectable<
  Omit<EventsTable, 'published' | 'venue_time_zone' | 'created_at' | 'version' | AfterPurchaseColumn>
>;
/** Position in an ordered list, for keyset paging: the sort key and the id that breaks ties. */
export type Keyset = { order: number; id: number };

const eventColumns = [
  'events.id',
  'events.path',
  'events.title',
  'events.label',
  'events.description',
  'events.event_label',
  'events.venue_description',
  'events.air_start_date',
  'events.poster_path',
  'events.is_premium',
  'events.rate_cents',
  'events.content_type',
  'events.asset_type',
  'events.subscription_id',
  'events.capacity',
  'events.sold',
  'events.updated_at',
] as const;

/**
 * SQL of the catalog, nothing else. Lists page by keyset (never OFFSET) on indexed columns. Shoppers
 * see published events only: a draft (the console's, modules/eventAdmin) is in no listing, block,
 * slide or sitemap, and its page is a 404.
 */
export function createCatalogRepository(db: Kysely<DB>) {
  return {
    async catalogVersion(): Promise<string> {
      const row = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'catalog_version')
        .executeTakeFirst();
      return row?.value ?? '0';
    },

    async carousel() {
      // A slide of a draft goes with it; a slide that names no event stays.
      return db
        .selectFrom('carousel_items')
        .leftJoin('events', 'events.id', 'carousel_items.event_id')
        .where((eb) => eb.or([eb('carousel_items.event_id', 'is', null), eb('events.published', '=', true)]))
        .select([
          'carousel_items.id',
          'carousel_items.label',
          'carousel_items.description',
          'carousel_items.file_path',
          'carousel_items.video_url',
          'carousel_items.type',
          'carousel_items.is_button_required',
          'carousel_items.is_visible',
          'events.id as event_id',
          'events.path as event_path',
          'events.title as event_title',
          'events.venue_description as event_venue',
          'events.event_label as event_location',
          'events.air_start_date as event_air_start',
        ])
        .orderBy('carousel_items.sort_order')
        .orderBy('carousel_items.id')
        .execute();
    },

    async categoriesInGroup(groupId: number, limit: number, after?: Keyset) {
      return db
        .selectFrom('categories')
        .selectAll()
        .where('group_id', '=', groupId)
        .where('type', '=', 'primary_navigation')
        .$if(after !== undefined, (q) => q.where(sql<boolean>`(sort_order, id) > (${after!.order}, ${after!.id})`))
        .orderBy('sort_order')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    async categoryByIdOrPath(key: string) {
      const k = parseIdOrPath(key);
      const q = db.selectFrom('categories').selectAll();
      return ('id' in k ? q.where('id', '=', k.id) : q.where('path', '=', k.path)).executeTakeFirst();
    },

    /** One page of a category's events, in the category's order, after the given position. */
    async eventsInCategory(
      categoryId: number,
      limit: number,
      after?: Keyset,
    ): Promise<(EventRow & { sort_order: number })[]> {
      return db
        .selectFrom('category_events')
        .innerJoin('events', 'events.id', 'category_events.event_id')
        .select([...eventColumns, 'category_events.sort_order'])
        .where('category_events.category_id', '=', categoryId)
        .where('events.published', '=', true)
        .$if(after !== undefined, (q) =>
          q.where(
            sql<boolean>`(category_events.sort_order, category_events.event_id) > (${after!.order}, ${after!.id})`,
          ),
        )
        .orderBy('category_events.sort_order')
        .orderBy('category_events.event_id')
        .limit(limit)
        .execute();
    },

    async blocksOfCategory(categoryId: number, offset: number, limit: number) {
      const blocks = await db
        .selectFrom('category_blocks')
        .selectAll()
        .where('category_id', '=', categoryId)
        .$if(offset > 0, (q) => q.where('sort_order', '>=', offset))
        .orderBy('sort_order')
        .orderBy('id')
        .limit(limit)
        .execute();
      if (blocks.length === 0) return [];
      const members = await db
        .selectFrom('category_block_events')
        .innerJoin('events', 'events.id', 'category_block_events.event_id')
        .select([...eventColumns, 'category_block_events.block_id', 'category_block_events.sort_order'])
        .where(
          'category_block_events.block_id',
          'in',
          blocks.map((b) => b.id),
        )
        .where('events.published', '=', true)
        .orderBy('category_block_events.sort_order')
        .orderBy('category_block_events.event_id')
        .execute();
      return blocks.map((b) => ({ ...b, events: members.filter((m) => m.block_id === b.id) }));
    },

    async eventByIdOrPath(key: string): Promise<EventRow | undefined> {
      const k = parseIdOrPath(key);
      const q = db.selectFrom('events').select(eventColumns).where('events.published', '=', true);
      return ('id' in k ? q.where('events.id', '=', k.id) : q.where('events.path', '=', k.path)).executeTakeFirst();
    },

    async subscription(id: number) {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async agreement(id: number) {
      return db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async footerLink(id: number) {
      return db.selectFrom('footer_links').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** What the sitemap lists: every event (with when it last changed), category and agreement, and the last import. */
    async sitemapRows() {
      const [events, categories, agreements, version] = await Promise.all([
        db
          .selectFrom('events')
          .select(['path', 'updated_at'])
          .where('published', '=', true)
          .orderBy('air_start_date')
          .orderBy('id')
          .execute(),
        db.selectFrom('categories').select('path').orderBy('group_id').orderBy('sort_order').orderBy('id').execute(),
        db.selectFrom('agreements').select('id').orderBy('id').execute(),
        db.selectFrom('settings').select('updated_at').where('key', '=', 'catalog_version').executeTakeFirst(),
      ]);
      return { events, categories, agreementIds: agreements.map((a) => a.id), importedAt: version?.updated_at ?? null };
    },
  };
}
export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
