import type { Kysely } from 'kysely';

/**
 * Real live shows (README "Going live"): one row per feed of a 'Live' event (angle 0 the
 * program cut, 1–9 the cameras) with its stream key's SHA-256 (the key itself is shown once and
 * never stored), and what the ingest's callbacks last said of it. One row per show for what spans
 * its feeds: when it started and when it ended. In the database, so every instance reads the same.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('live_feeds')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('angle', 'smallint', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
    // The SRT port its listener takes on the ingest host (unique among feeds); null once its show ended.
    .addColumn('srt_port', 'integer', (c) => c.unique())
    // The engine's id of the connection publishing now (null: none), and since when.
    .addColumn('publisher', 'text')
    .addColumn('publishing_since', 'timestamptz')
    // When the last publish ended (null: never published, or publishing now for the first time).
    .addColumn('last_publish_end', 'timestamptz')
    // How many publishes this feed has had in this show: each one is a part of its playlists.
    .addColumn('publishes', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('live_feeds_pk', ['event_id', 'angle'])
    .execute();
  await db.schema
    .createTable('live_shows')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('live_shows').execute();
  await db.schema.dropTable('live_feeds').execute();
}
