import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailAttachment, OutboxRepository } from './outboxRepository';

export type { MailAttachment };
/** `template` names the kind of mail for logs: a mail's subject or body may carry a secret. */
export type Mail = {
  template: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};
export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void>; close(): Promise<void> };

/**
 * One mail module, two transports: SMTP when SMTP_URL is set (nodemailer), otherwise the outbox:
 * every mail is stored and listed at /dev/mailbox for local work and tests. Log lines name the
 * template and the message id only, never the subject, body or recipient.
 */
export function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outbox: OutboxRepository;
  log: FastifyBaseLogger;
}): Mailer {
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
      const id = await options.outbox.store(mail);
      options.log.info({ template, messageId: `outbox-${id}` }, 'mail stored in the outbox (no SMTP_URL)');
    },
    async close() {},
  };
}
