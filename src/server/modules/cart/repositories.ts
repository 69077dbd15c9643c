import type { Executor } from '../../db/executor';
import { createCouponRepository } from './couponRepository';
import { createCartRepository } from './cartRepository';

/** The cart module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const cartRepositories = (db: Executor) => ({
  carts: createCartRepository(db),
  coupons: createCouponRepository(db),
});
export type CartRepositories = ReturnType<typeof cartRepositories>;
