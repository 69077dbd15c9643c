import type { Executor } from '../../db/executor';

/** SQL of orders: who owns which event (an Active order with that event). */
export function createOrderRepository(db: Executor) {
  return {
    /** The events of `eventIds` this user holds an Active order for. */
    async ownedEventIds(userId: number, eventIds: number[]): Promise<number[]> {
      if (eventIds.length === 0) return [];
      const rows = await db.selectFrom('order_items').innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.event_id').distinct()
        .where('orders.user_id', '=', userId).where('orders.status', '=', 'Active')
        .where('order_items.event_id', 'in', eventIds)
        .execute();
      return rows.map((r) => r.event_id);
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
