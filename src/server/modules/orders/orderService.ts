import type { OrderDetails, OrderHistoryPage, OrderLookupRow } from '../../../shared/contract/orders';
import { orderLookupFilter } from '../../../shared/contract/orders';
import { centsToDollars } from '../../../shared/money';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Forbidden, NotFound } from '../../platform/errors';
import { assertOwnUserId, type UserCaller } from '../../plugins/caller';
import { parseJsonFilter } from '../../plugins/jsonFilter';
import { appliedCoupon } from '../cart/cartView';
import { toHistoryRow, toLookupRow, toOrderItem } from './orderViews';

/** Reading orders back, for their owner only: the lookup (access), the history, one order's page. */
export function createOrderService({ uow }: { uow: UnitOfWork }) {
  const { orders, coupons } = uow.repos;
  return {
    /** Spec §7 GET /order: presence means purchased. Only the caller's own orders. */
    async lookup(user: UserCaller, filterJson: string): Promise<OrderLookupRow[]> {
      const filter = parseJsonFilter(orderLookupFilter, filterJson, '{"userId":1,"assetId":2}');
      assertOwnUserId(user, filter.userId);
      return (await orders.lookup(user.userId, filter.assetId)).map(toLookupRow);
    },

    async history(user: UserCaller, userId: number, offset: number, limit: number): Promise<OrderHistoryPage> {
      assertOwnUserId(user, userId);
      const page = await orders.history(user.userId, offset, limit);
      return { data: page.rows.map(toHistoryRow), total: page.total };
    },

    /** The order page (spec "/order/{Id}", Id is the order's cart id): the lines as bought. */
    async details(user: UserCaller, cartId: number): Promise<OrderDetails> {
      const order = await orders.byCartId(cartId);
      if (!order) throw new NotFound(`No order for cart ${cartId}`);
      if (order.user_id !== user.userId) throw new Forbidden('This is not yours');
      const items = await orders.items(order.id);
      const subtotal = items.reduce((n, i) => n + (i.list_price_cents ?? i.price_cents), 0);
      const coupon = order.coupon_code ? await coupons.byCode(order.coupon_code) : undefined;
      return {
        orderId: order.order_ref,
        cartId,
        status: order.status,
        usageType: order.usage_type,
        paymentMethod: order.payment_method,
        created: new Date(order.created_at).toISOString(),
        items: items.map(toOrderItem),
        totals: {
          itemsSubtotal: centsToDollars(subtotal),
          itemDiscount: 0,
          couponDiscount: centsToDollars(subtotal - order.amount_cents),
          grandTotal: centsToDollars(order.amount_cents),
        },
        coupon: coupon ? appliedCoupon(coupon) : null,
      };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
