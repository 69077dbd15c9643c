import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrganizerRepositories } from '../organizers/repositories';
import type { CouponAdminRepositories } from './repositories';
import { couponAdminRoutes } from './routes';
import { createCouponAdminService } from './service';

type CouponAdminNeeds = { uow: UnitOfWork<CouponAdminRepositories & OrganizerRepositories>; now?: () => number };

/** The console's coupons: created, edited, disabled, with their uses. */
export function couponAdminModule(needs: CouponAdminNeeds) {
  const clock = needs.now ? { now: needs.now } : {};
  return { coupons: createCouponAdminService({ uow: needs.uow, ...clock }) };
}
export type CouponAdminModule = ReturnType<typeof couponAdminModule>;

export async function mountCouponAdmin(
  app: FastifyInstance,
  services: { couponAdmin: CouponAdminModule },
  config: AppConfig,
) {
  await app.register(couponAdminRoutes, {
    prefix: '/v1',
    service: services.couponAdmin.coupons,
    createsPerMinute: config.limits.consoleCreatesPerMinute,
  });
}
