import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';

/** `template` names the kind of mail for logs: a mail's subject or body may carry a secret. */
export type Mail = { template: string; to: string; subject: string; text: string; html: string };
export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void>; close(): Promise<void> };

/**
 * One mail module, two transports: SMTP when SMTP_URL is set (nodemailer), otherwise the outbox:
 * every mail is stored and listed at /dev/mailbox for local work and tests. Log lines name the
 * template and the message id only, never the subject, body or recipient.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; db: Kysely<DB>; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send({ template, ...mail }) {
        const info = await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ template, messageId: info.messageId }, 'mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send({ template, ...mail }) {
      const row = await options.db.insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
        .returning('id').executeTakeFirstOrThrow();
      options.log.info({ template, messageId: `outbox-${row.id}` }, 'mail stored in the outbox (no SMTP_URL)');
    },
    async close() {},
  };
}
