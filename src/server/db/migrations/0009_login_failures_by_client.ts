import type { Kysely } from 'kysely';

/**
 * Failed sign-in codes are also counted per client (its address, IPv6 by /64): strangers' failures
 * may only slow an e-mail address down for a while, so a guesser is stopped where they come from.
 * Old rows have no client; they count for the e-mail only.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('client', 'text').execute();
  await db.schema
    .createIndex('login_failures_client_idx')
    .on('login_failures')
    .columns(['client', 'failed_at'])
    .execute();
  await db.schema.createIndex('login_failures_failed_at_idx').on('login_failures').column('failed_at').execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_failures_failed_at_idx').execute();
  await db.schema.dropIndex('login_failures_client_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('client').execute();
}
