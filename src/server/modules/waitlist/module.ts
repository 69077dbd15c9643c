import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { CartRepositories } from '../cart/repositories';
import type { Mailer } from '../mail/mailer';
import type { WaitlistRepositories } from './repositories';
import { waitlistRoutes } from './routes';
import { createWaitlistService } from './service';

type WaitlistNeeds = {
  uow: UnitOfWork<WaitlistRepositories & CartRepositories>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => number;
};

/** The waiting lists of sold-out events; the hold sweeper (app.ts) lapses and mails their holds. */
export function waitlistModule(needs: WaitlistNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  return {
    places: createWaitlistService({
      uow: needs.uow,
      mailer: needs.mailer,
      publicUrl: config.publicUrl,
      log: needs.log,
      ...clock,
    }),
  };
}
export type WaitlistModule = ReturnType<typeof waitlistModule>;

export async function mountWaitlist(app: FastifyInstance, services: { waitlist: WaitlistModule }, config: AppConfig) {
  await app.register(waitlistRoutes, {
    prefix: '/v1',
    service: services.waitlist.places,
    readsPerMinute: config.limits.waitlistReadsPerMinute,
    changesPerMinute: config.limits.waitlistChangesPerMinute,
  });
}
