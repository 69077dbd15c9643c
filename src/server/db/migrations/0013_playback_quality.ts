import type { Kysely } from 'kysely';

/**
 * Quality of experience (docs/decisions.md "Watching"): one row per viewing session whose player
 * reported, the sums of its beacons. It names the session and the event only: no user, no address,
 * no device. No foreign key to viewing_sessions: a session row is swept a day after it goes silent,
 * while its figures are kept for QOE_RETENTION_DAYS (30 by default) and then deleted.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('playback_quality')
    .addColumn('session_id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    // From pressing play to the main angle's first frame; null until the player saw one.
    .addColumn('startup_ms', 'integer')
    .addColumn('stall_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stall_ms', 'integer', (c) => c.notNull().defaultTo(0))
    // Time after the first frame not paused (playing or stalled): the rebuffer ratio's denominator.
    .addColumn('watch_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rung_switches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fatal_errors', 'integer', (c) => c.notNull().defaultTo(0))
    // The player numbers its beacons: one counted twice (a retry, a replay) is counted once.
    .addColumn('last_seq', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // /metrics reads the events with recent reports; the retention sweep deletes by age.
  await db.schema
    .createIndex('playback_quality_recent_idx')
    .on('playback_quality')
    .columns(['last_at', 'event_id'])
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('playback_quality').execute();
}
