import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { newsletterRepositories } from './repositories';
import { newsletterRoutes } from './routes';
import { createNewsletterService } from './service';

type NewsletterNeeds = { uow: UnitOfWork<ReturnType<typeof newsletterRepositories>> };

/** The newsletter's sign-ups (/v1/public/newsletter). */
export function newsletterModule(needs: NewsletterNeeds) {
  return { signups: createNewsletterService(needs.uow.repos.newsletter) };
}
export type NewsletterModule = ReturnType<typeof newsletterModule>;

export async function mountNewsletter(
  app: FastifyInstance,
  services: { newsletter: NewsletterModule },
  config: AppConfig,
) {
  await app.register(newsletterRoutes, {
    prefix: '/v1',
    service: services.newsletter.signups,
    signupsPerMinute: config.limits.newsletterSignupsPerMinutePerIp,
  });
}
