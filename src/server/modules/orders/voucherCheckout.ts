import { CART_MESSAGES } from '../../../shared/contract/cartMessages';
import type { CreateCartOrderBody, OrderSummary } from '../../../shared/contract/orders';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { Conflict, Invalid } from '../../platform/domainErrors';
import type { UserCaller } from '../../platform/callerIdentity';
import { isOrderRefusal, placeOrder } from './placeOrder';
import { pricedCart } from './pricedCart';
import type { Settlement, SettlementDeps } from './settlement';

/**
 * A voucher purchase (docs/behaviour.md §9): accepted only when the server's own total is 0 with a coupon. The
 * cart is locked first; the same order id sent again answers the same order.
 */
export function createVoucherCheckout({
  uow,
  confirmOrder,
  now,
  summaryOf,
  liveMinutes,
}: Pick<SettlementDeps, 'uow' | 'confirmOrder' | 'now' | 'liveMinutes'> & Pick<Settlement, 'summaryOf'>) {
  return async function voucherOrder(user: UserCaller, body: CreateCartOrderBody): Promise<OrderSummary> {
    if (body.amount !== undefined && body.amount !== 0) throw new Invalid(ORDER_MESSAGES.voucherNotFree);
    const placed = await uow.transaction(async (repos) => {
      const cart = await repos.carts.find({ userId: user.userId }, { forUpdate: true });
      // Sent again (a double click, a retry after a lost answer): the same order. Ids are this user's
      // own: another user's order with the same id is not seen, so nothing tells which ids exist.
      const earlier = body.orderId ? await repos.orders.byRef(user.userId, body.orderId) : undefined;
      if (earlier) {
        if (earlier.payment_method !== 'vouchers') throw new Conflict(ORDER_MESSAGES.orderRefTaken);
        return { orderId: earlier.id, created: false };
      }
      const priced = await pricedCart(repos, user, now(), liveMinutes);
      // The cart's coupon was used up (or expired) since it was applied: the answer placeOrder gives
      // when that happens during the order, so buyers who lose the race to a one-use coupon hear the same.
      if (!priced.coupon && priced.cart.coupon_code) throw new Conflict(CART_MESSAGES.invalidCoupon);
      if (!priced.coupon || priced.totalCents !== 0) throw new Invalid(ORDER_MESSAGES.voucherNotFree);
      try {
        const order = await placeOrder(repos, {
          userId: user.userId,
          paymentMethod: 'vouchers',
          paymentIntentId: null,
          amountCents: 0,
          couponCode: priced.coupon.code,
          lines: priced.lines,
          cartId: cart!.id,
          now: now(),
          orderRef: body.orderId,
        });
        return { orderId: order.id, created: true };
      } catch (err) {
        if (isOrderRefusal(err)) throw new Conflict(err.voucherMessage);
        throw err;
      }
    });
    if (placed.created) await confirmOrder(placed.orderId);
    return summaryOf(placed.orderId);
  };
}
