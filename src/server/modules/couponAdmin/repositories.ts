import type { Executor } from '../../db/executor';
import { createCouponAdminRepository } from './couponAdminRepository';

/** The console's coupon repositories, by the name services know them (repositories.ts gathers every module's). */
export const couponAdminRepositories = (db: Executor) => ({
  couponAdmin: createCouponAdminRepository(db),
});
export type CouponAdminRepositories = ReturnType<typeof couponAdminRepositories>;
