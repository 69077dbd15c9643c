import type { Executor } from '../../db/executor';

/** An order as its receipt shows it, with its buyer. */
export type ReceiptOrderRow = {
  id: number;
  order_ref: string;
  cart_id: number | null;
  status: string;
  payment_method: string;
  amount_cents: number;
  coupon_code: string | null;
  created_at: Date;
  refunded_at: Date | null;
  email: string;
  first_name: string;
  last_name: string;
};
export type ReceiptLineRow = {
  event_id: number;
  title: string;
  path: string;
  price_cents: number;
  list_price_cents: number | null;
  air_start_date: Date | null;
  transferred_at: Date | null;
};

/** SQL of receipts: the owner's order by its cart id, and its lines. */
export function createReceiptRepository(db: Executor) {
  return {
    /** The order made from this cart, only when `userId` owns it (anyone else's is as good as none). */
    ownOrder(userId: number, cartId: number): Promise<ReceiptOrderRow | undefined> {
      return db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.id',
          'orders.order_ref',
          'orders.cart_id',
          'orders.status',
          'orders.payment_method',
          'orders.amount_cents',
          'orders.coupon_code',
          'orders.created_at',
          'orders.refunded_at',
          'users.email',
          'users.first_name',
          'users.last_name',
        ])
        .where('orders.cart_id', '=', cartId)
        .where('orders.user_id', '=', userId)
        .executeTakeFirst();
    },

    lines(orderId: number): Promise<ReceiptLineRow[]> {
      return db
        .selectFrom('order_items')
        .innerJoin('events', 'events.id', 'order_items.event_id')
        .select([
          'order_items.event_id',
          'events.title',
          'events.path',
          'order_items.price_cents',
          'order_items.list_price_cents',
          'events.air_start_date',
          'order_items.transferred_at',
        ])
        .where('order_items.order_id', '=', orderId)
        .orderBy('order_items.event_id')
        .execute();
    },

    /** When the order's refund was claimed (a cancellation or a refund), if it has one. */
    async refundedAt(orderId: number): Promise<Date | null> {
      const row = await db
        .selectFrom('refunds')
        .select('created_at')
        .where('order_id', '=', orderId)
        .executeTakeFirst();
      return row ? row.created_at : null;
    },
  };
}
