import type { Kysely } from 'kysely';

/**
 * A mail's attachments (the calendar file of an order's live show and of its new date),
 * kept in the local outbox beside the mail so tests and /dev/mailbox.json can read them. A JSON list
 * of `{filename, contentType, content}` (text content only); null for a mail without any.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('attachments', 'jsonb').execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachments').execute();
}
