import { sql, type Kysely } from 'kysely';

/**
 * The console's events (modules/eventAdmin): each event gets a `version`, moved on by every change
 * made in the console, so an edit made on a form loaded before someone else's save is refused
 * (optimistic concurrency) instead of silently undoing theirs. The search of the console's list
 * reads titles case-insensitively; the list is small enough (thousands) that no index is needed.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(sql`1`))
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('version').execute();
}
