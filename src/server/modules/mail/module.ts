import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import { mailboxRoutes } from './mailboxRoutes';
import { createMailer, type Mailer } from './mailer';
import type { mailRepositories } from './repositories';

type MailNeeds = {
  uow: UnitOfWork<ReturnType<typeof mailRepositories>>;
  log: FastifyBaseLogger;
  /** Mail transport (tests); otherwise SMTP or the outbox, from the config. */
  mailer?: Mailer;
};

/** Mail: SMTP when SMTP_URL is set, otherwise the outbox table (the dev mailbox reads it). */
export function mailModule(needs: MailNeeds, config: AppConfig) {
  const outbox = needs.uow.repos.outbox;
  const mailer =
    needs.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outbox, log: needs.log });
  return { mailer, outbox };
}
export type MailModule = ReturnType<typeof mailModule>;

/** The dev mailbox: only for the outbox, never in production. */
export async function mountMail(app: FastifyInstance, services: { mail: MailModule }, config: AppConfig) {
  if (services.mail.mailer.kind === 'outbox' && config.env !== 'production') {
    await app.register(mailboxRoutes, {
      outbox: services.mail.outbox,
      proxyDeclared: config.trustedProxies.length > 0,
    });
  }
}
