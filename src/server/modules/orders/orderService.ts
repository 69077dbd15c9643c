import type { Cart } from '../../../shared/contract/cart';
import type {
  OrderHistoryPage,
  OrderHistoryRow,
  OrderLookupFilter,
  OrderLookupRow,
  OrderSort,
} from '../../../shared/contract/orders';
import { centsToDollars } from '../../../shared/money';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Forbidden } from '../../platform/domainErrors';
import { assertOwnUserId, CALLER_MESSAGES, type Caller, type UserCaller } from '../../platform/callerIdentity';
import { appliedCoupon } from '../cart/cartView';
import type { CartRepositories } from '../cart/repositories';
import { toHistoryRow, toLookupRow, toOrderItem } from './orderViews';
import type { OrderRepositories } from './repositories';

/** Reading orders back, for their owner only: the lookup (access), the history, one order's page. */
export function createOrderService({
  uow,
}: {
  uow: UnitOfWork<Pick<OrderRepositories, 'orders'> & Pick<CartRepositories, 'coupons'>>;
}) {
  const { orders, coupons } = uow.repos;
  return {
    /** docs/behaviour.md §7 GET /order: presence means purchased. Only the caller's own orders. */
    async lookup(
      user: UserCaller,
      filter: OrderLookupFilter,
      sortBy: OrderSort = '-created',
    ): Promise<OrderLookupRow[]> {
      assertOwnUserId(user, filter.userId);
      return (await orders.lookup(user.userId, filter.assetId, sortBy === 'created' ? 'asc' : 'desc')).map(toLookupRow);
    },

    async history(user: UserCaller, userId: number, offset: number, limit: number): Promise<OrderHistoryPage> {
      assertOwnUserId(user, userId);
      const page = await orders.history(user.userId, offset, limit);
      const events = new Map<number, OrderHistoryRow['events']>();
      for (const e of await orders.eventsOf(page.rows.map((o) => o.id)))
        events.set(e.order_id, [
          ...(events.get(e.order_id) ?? []),
          { assetId: e.event_id, title: e.title, path: e.path },
        ]);
      return { data: page.rows.map((o) => toHistoryRow(o, events.get(o.id) ?? [])), total: page.total };
    },

    /**
     * An order's cart, read by its id (docs/behaviour.md §7 GET /cart/{id}; the "/order/{Id}" page): the lines as
     * bought, at the prices paid, the totals and coupon, and the order it became. Its owner only;
     * null when no order has this cart id (a live cart may).
     */
    async orderedCart(caller: Caller, cartId: number): Promise<Cart | null> {
      const order = await orders.byCartId(cartId);
      if (!order) return null;
      if (caller.kind !== 'user' || order.user_id !== caller.userId) throw new Forbidden(CALLER_MESSAGES.notYours);
      const items = await orders.items(order.id);
      const subtotal = items.reduce((n, i) => n + (i.list_price_cents ?? i.price_cents), 0);
      const coupon = order.coupon_code ? await coupons.byCode(order.coupon_code) : undefined;
      return {
        id: cartId,
        items: items.map(toOrderItem),
        totals: {
          itemsSubtotal: centsToDollars(subtotal),
          itemDiscount: 0,
          couponDiscount: centsToDollars(subtotal - order.amount_cents),
          grandTotal: centsToDollars(order.amount_cents),
        },
        cartToken: null,
        coupon: coupon ? appliedCoupon(coupon) : null,
        version: 0,
        order: {
          orderId: order.order_ref,
          status: order.status,
          usageType: order.usage_type,
          paymentMethod: order.payment_method,
          created: new Date(order.created_at).toISOString(),
        },
      };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
