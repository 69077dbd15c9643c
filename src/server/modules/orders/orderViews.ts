import type { CartItem } from '../../../shared/contract/cart';
import type { OrderHistoryRow, OrderLookupRow, OrderSummary } from '../../../shared/contract/orders';
import { centsToDollars } from '../../../shared/money';
import type { OrderItemRow, OrderRow } from './orderRepository';

/** How orders look on the wire (docs/behaviour.md §3 "Order"): dollars, ISO dates, the spec's field names. */
export const toOrderSummary = (o: OrderRow, assetIds: number[]): OrderSummary => ({
  orderId: o.order_ref,
  cartId: o.cart_id ?? 0,
  status: o.status,
  usageType: o.usage_type,
  paymentMethod: o.payment_method as OrderSummary['paymentMethod'],
  amount: centsToDollars(o.amount_cents),
  assetIds,
  created: new Date(o.created_at).toISOString(),
});

/**
 * A history row: the spec's fields, and the events the order bought (so the row can name them). The
 * spec's Status column is `usageType`: a refunded order says 'Refunded' there, one the fan cancelled
 * 'Cancelled', and a ticket handed on to the fan 'Transfer' (its usage type).
 */
export const toHistoryRow = (o: OrderRow, events: OrderHistoryRow['events']): OrderHistoryRow => ({
  orderId: o.order_ref,
  cartId: o.cart_id ?? 0,
  usageType: o.status === 'Refunded' || o.status === 'Cancelled' ? o.status : o.usage_type,
  payment_method: o.payment_method,
  rate: centsToDollars(o.amount_cents),
  created: new Date(o.created_at).toISOString(),
  events,
});

export const toLookupRow = (r: {
  order_ref: string;
  cart_id: number | null;
  user_id: number;
  event_id: number;
  status: string;
  usage_type: string;
  payment_method: string;
  created_at: Date;
}): OrderLookupRow => ({
  orderId: r.order_ref,
  cartId: r.cart_id ?? 0,
  userId: r.user_id,
  assetId: r.event_id,
  status: r.status,
  usageType: r.usage_type,
  paymentMethod: r.payment_method,
  created: new Date(r.created_at).toISOString(),
});

/** An order's line in the cart's shape; `paid` is what the buyer paid for it (after the coupon). */
export const toOrderItem = (i: OrderItemRow): CartItem => ({
  assetId: i.event_id,
  meta: {
    label: i.title,
    second_description: i.venue_description,
    air_start_date: i.air_start_date ? new Date(i.air_start_date).toISOString() : null,
    vodOrLivePosterImageFilePath: i.poster_path,
    path: i.path,
  },
  finalPriceEffective: centsToDollars(i.price_cents),
  finalPrice: centsToDollars(i.list_price_cents ?? i.price_cents),
  unitPrice: centsToDollars(i.list_price_cents ?? i.price_cents),
  subscription_id: i.subscription_id,
});
