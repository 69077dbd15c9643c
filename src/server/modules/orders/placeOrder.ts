import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import type { CheckoutLine } from '../../db/schema';
import type { CartToOrderRepositories } from './repositories';
import { Conflict } from '../../platform/domainErrors';
import { couponUsedUp, couponUsedUpByUser } from '../cart/couponRules';
import { newOrderRef, type OrderRow } from './orderRepository';

/** Why an order cannot be made: told to a buyer who paid (refunded) and to a voucher buyer. */
export class OrderRefusal extends Error {
  constructor(
    readonly refundMessage: string,
    readonly voucherMessage: string,
  ) {
    super(voucherMessage);
    this.name = 'OrderRefusal';
  }
}
export const isOrderRefusal = (err: unknown): err is OrderRefusal => err instanceof OrderRefusal;

export type OrderToPlace = {
  userId: number;
  paymentMethod: 'stripe' | 'vouchers';
  paymentIntentId: string | null;
  amountCents: number;
  couponCode: string | null;
  lines: CheckoutLine[];
  /** The user's live cart, emptied of what was bought. */
  cartId: number;
  now: Date;
  /** A voucher order's id chosen by the client; otherwise one is made. */
  orderRef?: string | undefined;
};

/**
 * Makes an order inside the caller's transaction: the seats, the coupon's redemption, the order and
 * the cart's change, all or nothing. Rows are locked in one order everywhere (cart, events by id,
 * coupon), so two checkouts never wait on each other in a circle. Throws OrderRefusal when an event
 * is owned already or sold out, or the coupon is used up: the transaction then rolls back whole.
 */
export async function placeOrder(repos: CartToOrderRepositories, o: OrderToPlace): Promise<OrderRow> {
  const cart = await repos.carts.find({ id: o.cartId }, { forUpdate: true });
  const eventIds = o.lines.map((l) => l.eventId).sort((a, b) => a - b);
  if ((await repos.orders.ownedEventIds(o.userId, eventIds)).length > 0)
    throw new OrderRefusal(ORDER_MESSAGES.ownedRefunded, CART_MESSAGES.owned);
  for (const eventId of eventIds) {
    // Every change of a line happens under its event row's lock, taken here in ascending id order as
    // the seats are: the sweeper's lapse of this hold waits for this payment (or went first), never
    // the other way round while this payment holds the entry's row.
    await repos.waitlist.lockLine(eventId);
    // A seat the waiting list holds for this buyer is theirs: claimed (once, against its lapse), not taken again.
    if (await repos.waitlist.claimHold(o.userId, eventId, o.now)) continue;
    if (!(await repos.orders.takeSeat(eventId)))
      throw new OrderRefusal(ORDER_MESSAGES.soldOutRefunded, CART_MESSAGES.soldOut);
  }
  if (o.couponCode) {
    const coupon = await repos.coupons.lockForRedemption(o.couponCode);
    const used = await repos.coupons.redemptions(o.couponCode, o.userId);
    const exhausted = !coupon || couponUsedUp(coupon, used.total) || couponUsedUpByUser(coupon, used.byUser);
    if (exhausted) throw new OrderRefusal(ORDER_MESSAGES.couponGoneRefunded, CART_MESSAGES.invalidCoupon);
  }
  const order = await createWithRef(repos, o);
  if (o.couponCode) await repos.coupons.redeem(o.couponCode, o.userId, order.id);
  if (cart) {
    for (const eventId of eventIds) await repos.carts.removeLine(cart.id, eventId);
    if (cart.coupon_code && cart.coupon_code === o.couponCode) await repos.carts.setCoupon(cart.id, null);
    await repos.carts.bumpVersion(cart.id);
  }
  return order;
}

/** A made-up order id can collide (same millisecond, same 4 digits): draw again. A chosen one cannot be taken. */
async function createWithRef(repos: CartToOrderRepositories, o: OrderToPlace): Promise<OrderRow> {
  const order = {
    userId: o.userId,
    paymentMethod: o.paymentMethod,
    paymentIntentId: o.paymentIntentId,
    amountCents: o.amountCents,
    couponCode: o.couponCode,
    items: o.lines.map((l) => ({ eventId: l.eventId, priceCents: l.paidCents, listPriceCents: l.priceCents })),
  };
  for (let i = 0; i < 8; i += 1) {
    const created = await repos.orders.create(order, o.orderRef ?? newOrderRef(o.now.getTime()));
    if (created) return created;
    if (o.orderRef) throw new Conflict(ORDER_MESSAGES.orderRefTaken);
  }
  throw new Error('could not draw a free order id');
}
