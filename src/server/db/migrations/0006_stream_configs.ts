import { sql, type Kysely } from 'kysely';

/**
 * One stream config per event: the organizer's config_data (docs/behaviour.md §3) with media paths unsigned.
 * The streams module signs them per viewer on every answer, so nothing signed is ever stored.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stream_configs')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('config', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stream_configs').execute();
}
