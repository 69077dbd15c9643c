import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/schema';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void>; close(): Promise<void> };

/**
 * One mail module, two transports: SMTP when SMTP_URL is set (nodemailer), otherwise the outbox:
 * every mail is stored and logged, and listed at /dev/mailbox for local work and tests.
 */
export function createMailer(options: { smtpUrl: string | null; from: string; db: Kysely<DB>; log: FastifyBaseLogger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
        options.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      async close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await options.db.insertInto('mail_outbox').values({ to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html }).execute();
      options.log.info({ to: mail.to, subject: mail.subject }, 'mail stored in the outbox (no SMTP_URL)');
    },
    async close() {},
  };
}
