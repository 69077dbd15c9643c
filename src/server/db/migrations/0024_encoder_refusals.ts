import { sql, type Kysely } from 'kysely';

/**
 * Why a feed's encoder was last refused, for the console's control room (modules/live/
 * publishDecision.ts): `refused_reason` ('rotated', 'second_encoder', 'ended', 'not_live') and
 * `refused_at`. `previous_key_hash`: the key a rotation replaced, so an encoder still sending it is
 * told 'rotated' on its feed rather than an unknown key nobody can place. The key itself is never
 * stored (its hash, as `key_hash`).
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('live_feeds')
    .addColumn('previous_key_hash', 'text')
    .addColumn('refused_reason', 'text')
    .addColumn('refused_at', 'timestamptz')
    .execute();
  await sql`create index live_feeds_previous_key_idx on live_feeds (previous_key_hash)
    where previous_key_hash is not null`.execute(db);
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index live_feeds_previous_key_idx`.execute(db);
  await db.schema
    .alterTable('live_feeds')
    .dropColumn('previous_key_hash')
    .dropColumn('refused_reason')
    .dropColumn('refused_at')
    .execute();
}
