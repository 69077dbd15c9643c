import { sql, type Kysely } from 'kysely';

/**
 * Viewing sessions: the device limit (docs/decisions.md "Watching"). One row per player that pressed play;
 * it is open while `closed_at` is null and its last heartbeat is recent. Kept in the database, not in
 * a process, so every server instance counts the same sessions.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('viewing_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // 'user:{id}' or 'guest:{guest token subject}': whose session it is, signed in or not.
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('closed_at', 'timestamptz')
    .execute();
  // "Open sessions of this ticket": the count taken on every play of a premium event.
  await db.schema
    .createIndex('viewing_sessions_open_idx')
    .on('viewing_sessions')
    .columns(['user_id', 'event_id', 'last_seen_at'])
    .where(sql.ref('closed_at'), 'is', null)
    .execute();
  // The sweep of rows nobody has seen for a day.
  await db.schema.createIndex('viewing_sessions_last_seen_idx').on('viewing_sessions').column('last_seen_at').execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('viewing_sessions').execute();
}
