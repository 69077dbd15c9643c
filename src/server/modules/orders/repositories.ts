import type { Executor } from '../../db/executor';
import type { CartRepositories } from '../cart/repositories';
import type { WaitlistRepositories } from '../waitlist/repositories';
import { createCheckoutRepository } from './checkoutRepository';
import { createRefundRepository } from './refundRepository';
import { createOrderRepository } from './orderRepository';
import { createTransferRepository } from './transferRepository';

/** The orders module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const orderRepositories = (db: Executor) => ({
  orders: createOrderRepository(db),
  checkouts: createCheckoutRepository(db),
  refunds: createRefundRepository(db),
  transfers: createTransferRepository(db),
});
export type OrderRepositories = ReturnType<typeof orderRepositories>;

/**
 * An order is made from a cart (placeOrder, pricedCart, settlement): this module's repositories, the
 * cart's, and the waiting list's (a seat held for the buyer is theirs to buy).
 */
export type CartToOrderRepositories = OrderRepositories & CartRepositories & WaitlistRepositories;
