import type { Kysely } from 'kysely';

/**
 * The hold mail of the waiting list, sent once (docs/decisions.md "After the purchase"): a hold is
 * made inside the transaction that returns its seat, and its mail is sent after, by whoever takes it
 * first (`mail_taken_at`, a lease: a sender that stopped mid-way leaves it to be taken again), and
 * marked sent (`mailed_at`). A hold whose mail is not marked sent is mailed by the hold sweeper.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('waitlist_entries')
    .addColumn('mail_taken_at', 'timestamptz')
    .addColumn('mailed_at', 'timestamptz')
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('waitlist_entries').dropColumn('mail_taken_at').dropColumn('mailed_at').execute();
}
