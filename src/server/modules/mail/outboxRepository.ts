import type { Executor } from '../../db/executor';

/** A file sent with a mail: text only (a calendar file), with its MIME type. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** SQL of the local outbox: mail kept instead of sent when no SMTP_URL is set. */
export function createOutboxRepository(db: Executor) {
  return {
    async store(mail: {
      to: string;
      subject: string;
      text: string;
      html: string;
      attachments?: MailAttachment[];
    }): Promise<number> {
      const attachments = mail.attachments?.length ? JSON.stringify(mail.attachments) : null;
      const row = await db
        .insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html, attachments })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    newest(limit: number) {
      return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
