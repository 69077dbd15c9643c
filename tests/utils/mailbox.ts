import type { Database } from '../../src/server/db/database';

/** A sign-in code as the code mail's text body carries it (never its subject). */
export function codeInMail(text: string | undefined): string | undefined {
  return text?.match(/sign-in code is (\d{6})\./)?.[1];
}

type OutboxMail = { to: string; subject: string; text: string };

/** The code of the newest mail to `email` in a /dev/mailbox.json listing (newest first). */
export function latestCodeIn(mails: OutboxMail[], email: string): string | undefined {
  return codeInMail(mails.find((m) => m.to === email.toLowerCase())?.text);
}

/**
 * The code of the newest mail to `email`, read from the outbox table itself: a server behind a declared
 * proxy (TRUST_PROXY) answers /dev/mailbox to nobody.
 */
export async function outboxCodeFor(db: Database['db'], email: string): Promise<string | undefined> {
  const mail = await db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email.toLowerCase())
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return codeInMail(mail?.text);
}
