import { sql, type Kysely, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

const CATALOG_VERSION_KEY = 'catalog_version';

/**
 * Moves the catalog version on, so every server's read cache lets go of old answers. Its row stays
 * locked until the transaction ends: a concurrent change waits here for this one. The import and the
 * console's event changes (modules/eventAdmin) both call it.
 */
export async function bumpCatalogVersion(db: Executor): Promise<void> {
  await sql`insert into settings (key, value) values (${CATALOG_VERSION_KEY}, '1')
    on conflict (key) do update set value = (settings.value::bigint + 1)::text, updated_at = now()`.execute(db);
}

/** The tables a catalog file replaces row by row, keyed by an integer id. */
type ByIdTable = 'subscriptions' | 'agreements' | 'footer_links';

/**
 * The catalog import's SQL (importer.ts decides what to write), over the handle it was built with:
 * the import runs in one transaction of the unit of work.
 */
export function createCatalogImportRepository(db: Executor) {
  return {
    /** `rows` become the whole table: the others are deleted, these inserted or updated by id. */
    async replaceById(table: ByIdTable, rows: { id: number }[]): Promise<void> {
      // The three tables share the shape that matters here (an integer id); Kysely cannot see that generically.
      const byId = db as unknown as Kysely<Record<string, { id: number }>>;
      const ids = rows.map((r) => r.id);
      await byId
        .deleteFrom(table)
        .$if(ids.length > 0, (q) => q.where('id', 'not in', ids))
        .execute();
      for (const row of rows) {
        await byId
          .insertInto(table)
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      }
    },

    /** Inserts the event, or updates the one with its path. */
    async upsertEvent(row: Insertable<DB['events']>): Promise<void> {
      await db
        .insertInto('events')
        .values(row)
        // The console's version moves on too: a form loaded before the import cannot undo it unseen. A new
        // air date moves the calendar's SEQUENCE on (holders are mailed only by the console's edit).
        .onConflict((oc) =>
          oc.column('path').doUpdateSet({
            ...row,
            updated_at: new Date(),
            version: sql`events.version + 1`,
            schedule_sequence: sql`events.schedule_sequence
              + (events.air_start_date is distinct from excluded.air_start_date)::int`,
          }),
        )
        .execute();
    },

    /** Every event's id by its path. */
    async eventIdsByPath(): Promise<Map<string, number>> {
      const all = await db.selectFrom('events').select(['id', 'path']).execute();
      return new Map(all.map((r) => [r.path, r.id]));
    },

    /** Sets an event's stream config (JSON), replacing the one it had. */
    async upsertStreamConfig(row: { event_id: number; config: string }): Promise<void> {
      await db
        .insertInto('stream_configs')
        .values(row)
        .onConflict((oc) => oc.column('event_id').doUpdateSet({ config: row.config, updated_at: new Date() }))
        .execute();
    },

    /** Deletes the categories whose path is not one of these. */
    async removeCategoriesExcept(paths: string[]): Promise<void> {
      await db
        .deleteFrom('categories')
        .$if(paths.length > 0, (q) => q.where('path', 'not in', paths))
        .execute();
    },

    /** Inserts the category, or updates the one with its path; its id. */
    async upsertCategory(row: Insertable<DB['categories']>): Promise<number> {
      const { id } = await db
        .insertInto('categories')
        .values(row)
        .onConflict((oc) => oc.column('path').doUpdateSet(row))
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Empties a category: its events and its blocks. */
    async clearCategory(categoryId: number): Promise<void> {
      await db.deleteFrom('category_events').where('category_id', '=', categoryId).execute();
      await db.deleteFrom('category_blocks').where('category_id', '=', categoryId).execute();
    },

    async addCategoryEvents(links: Insertable<DB['category_events']>[]): Promise<void> {
      if (links.length)
        await db
          .insertInto('category_events')
          .values(links)
          .onConflict((oc) => oc.doNothing())
          .execute();
    },

    /** Adds a block to a category; its id. */
    async addCategoryBlock(row: Insertable<DB['category_blocks']>): Promise<number> {
      const block = await db.insertInto('category_blocks').values(row).returning('id').executeTakeFirstOrThrow();
      return block.id;
    },

    async addBlockEvents(members: Insertable<DB['category_block_events']>[]): Promise<void> {
      if (members.length)
        await db
          .insertInto('category_block_events')
          .values(members)
          .onConflict((oc) => oc.doNothing())
          .execute();
    },

    /** `rows` become the whole carousel, in their order. */
    async replaceCarousel(rows: Insertable<DB['carousel_items']>[]): Promise<void> {
      await db.deleteFrom('carousel_items').execute();
      if (rows.length) await db.insertInto('carousel_items').values(rows).execute();
    },

    /** Inserts the coupon, or updates the one with its code. */
    async upsertCoupon(row: Insertable<DB['coupons']>): Promise<void> {
      await db
        .insertInto('coupons')
        .values(row)
        .onConflict((oc) => oc.column('code').doUpdateSet(row))
        .execute();
    },

    /**
     * Moves the catalog version on, so every server's read cache lets go of old answers. Its row
     * stays locked until the transaction ends: a concurrent import waits here for this one.
     */
    bumpCatalogVersion: () => bumpCatalogVersion(db),

    /** Every event that has a stream config, with it, by path. */
    async eventsWithStreams() {
      return db
        .selectFrom('events')
        .innerJoin('stream_configs', 'stream_configs.event_id', 'events.id')
        .select(['events.path', 'events.is_premium', 'stream_configs.config'])
        .orderBy('events.path')
        .execute();
    },
  };
}
export type CatalogImportRepository = ReturnType<typeof createCatalogImportRepository>;
