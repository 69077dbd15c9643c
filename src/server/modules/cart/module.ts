import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { CartRepositories } from './repositories';
import { cartRoutes } from './routes';
import { createCartService } from './service';

type CartNeeds = {
  uow: UnitOfWork<
    CartRepositories & { orders: { ownedEventIds(userId: number, eventIds: number[]): Promise<number[]> } }
  >;
  /** A cart already ordered, read back as it was bought (the orders module). */
  orderedCart: Parameters<typeof createCartService>[0]['orderedCart'];
  now?: () => number;
};

/** The cart: lines, seats, coupons and sale rules, priced as checkout will charge them. */
export function cartModule(needs: CartNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  return {
    carts: createCartService({
      uow: needs.uow,
      limits: config.limits,
      liveMinutes: config.streams.liveMinutes,
      orderedCart: needs.orderedCart,
      ...clock,
    }),
  };
}
export type CartModule = ReturnType<typeof cartModule>;

export async function mountCart(app: FastifyInstance, services: { cart: CartModule }, config: AppConfig) {
  const { limits } = config;
  await app.register(cartRoutes, {
    prefix: '/v1',
    service: services.cart.carts,
    voucherAttemptsPerMinute: limits.voucherAttemptsPerMinute,
    voucherAttemptsPerMinutePerAddress: limits.guestsPerAddress.voucherAttemptsPerMinute,
  });
}
