import type { Kysely } from 'kysely';

/**
 * A viewing session belongs to the device that opened it: the open hands that device a random key,
 * and only its SHA-256 is kept here. Sessions opened before this migration have none, so no key
 * matches them: their players' next heartbeat ends them and the players open new ones.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('viewing_sessions').addColumn('key_hash', 'text').execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('viewing_sessions').dropColumn('key_hash').execute();
}
