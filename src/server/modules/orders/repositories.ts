import type { Executor } from '../../db/executor';
import type { CartRepositories } from '../cart/repositories';
import { createCheckoutRepository } from './checkoutRepository';
import { createRefundRepository } from './refundRepository';
import { createOrderRepository } from './repository';

/** The orders module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const orderRepositories = (db: Executor) => ({
  orders: createOrderRepository(db),
  checkouts: createCheckoutRepository(db),
  refunds: createRefundRepository(db),
});
export type OrderRepositories = ReturnType<typeof orderRepositories>;

/** An order is made from a cart (placeOrder, pricedCart, settlement): this module's repositories and the cart's. */
export type CartToOrderRepositories = OrderRepositories & CartRepositories;
