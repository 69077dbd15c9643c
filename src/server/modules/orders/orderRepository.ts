import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

export type OrderRow = {
  id: number;
  order_ref: string;
  user_id: number;
  cart_id: number | null;
  status: string;
  usage_type: string;
  payment_method: string;
  payment_intent_id: string | null;
  amount_cents: number;
  coupon_code: string | null;
  created_at: Date;
};
type NewOrder = {
  userId: number;
  paymentMethod: 'stripe' | 'vouchers';
  paymentIntentId: string | null;
  amountCents: number;
  couponCode: string | null;
  items: { eventId: number; priceCents: number; listPriceCents: number }[];
};
/** An order's line with what the order page shows of its event. */
export type OrderItemRow = {
  event_id: number;
  price_cents: number;
  list_price_cents: number | null;
  path: string;
  title: string;
  venue_description: string;
  air_start_date: Date | null;
  poster_path: string;
  subscription_id: number | null;
};

/** 'ORD-' + a timestamp + a random number below 10000 (docs/behaviour.md §9). */
export const newOrderRef = (now = Date.now()) => `ORD-${now}${Math.floor(Math.random() * 10_000)}`;

/** What buying checks: the events a user already holds, a seat taken, events sold out. */
function seatsAndOwnershipOf(db: Executor) {
  return {
    /** The events of `eventIds` this user holds an Active order for. */
    async ownedEventIds(userId: number, eventIds: number[]): Promise<number[]> {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.event_id')
        .distinct()
        .where('orders.user_id', '=', userId)
        .where('orders.status', '=', 'Active')
        .where('order_items.transferred_at', 'is', null)
        .where('order_items.event_id', 'in', eventIds)
        .execute();
      return rows.map((r) => r.event_id);
    },

    /**
     * Takes one ticket of a capacity-limited event: one conditional UPDATE, atomic under READ
     * COMMITTED (a waiting writer re-checks `sold < capacity` against the committed row). False when
     * sold out. Events without capacity always have room.
     */
    async takeSeat(eventId: number): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set((eb) => ({ sold: eb('sold', '+', 1) }))
        .where('id', '=', eventId)
        .where((eb) => eb.or([eb('capacity', 'is', null), eb('sold', '<', eb.ref('capacity'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /** The events of `eventIds` whose every ticket is sold (one query, however many). */
    async soldOutIds(eventIds: number[]): Promise<number[]> {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('events')
        .select('id')
        .where('id', 'in', eventIds)
        .where('capacity', 'is not', null)
        .whereRef('sold', '>=', 'capacity')
        .execute();
      return rows.map((r) => r.id);
    },
  };
}

/** The order written, and found by id, reference, cart or payment intent. */
function orderRowsOf(db: Executor) {
  const orders = () => db.selectFrom('orders').selectAll();
  return {
    /**
     * Creates the order and its lines. The order's cart id comes from the carts' own sequence, so it
     * names this order alone (the user's live cart keeps its id). Undefined when this user has an
     * order with `orderRef` already (order ids are unique per user).
     */
    async create(order: NewOrder, orderRef: string): Promise<OrderRow | undefined> {
      const row = await db
        .insertInto('orders')
        .values({
          order_ref: orderRef,
          user_id: order.userId,
          cart_id: sql<number>`nextval(pg_get_serial_sequence('carts', 'id'))`,
          payment_method: order.paymentMethod,
          payment_intent_id: order.paymentIntentId,
          amount_cents: order.amountCents,
          coupon_code: order.couponCode,
        })
        .onConflict((oc) => oc.columns(['user_id', 'order_ref']).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await db
        .insertInto('order_items')
        .values(
          order.items.map((i) => ({
            order_id: row.id,
            event_id: i.eventId,
            price_cents: i.priceCents,
            list_price_cents: i.listPriceCents,
          })),
        )
        .execute();
      return row;
    },

    byId(id: number): Promise<OrderRow | undefined> {
      return orders().where('id', '=', id).executeTakeFirst();
    },
    /** One user's order by its id: ids are unique per user, so another user's is never found. */
    byRef(userId: number, orderRef: string): Promise<OrderRow | undefined> {
      return orders().where('user_id', '=', userId).where('order_ref', '=', orderRef).executeTakeFirst();
    },
    byCartId(cartId: number): Promise<OrderRow | undefined> {
      return orders().where('cart_id', '=', cartId).executeTakeFirst();
    },
    byIntent(paymentIntentId: string): Promise<OrderRow | undefined> {
      return orders().where('payment_intent_id', '=', paymentIntentId).executeTakeFirst();
    },
    async eventIdsOf(orderId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('order_items')
        .select('event_id')
        .where('order_id', '=', orderId)
        .orderBy('event_id')
        .execute();
      return rows.map((r) => r.event_id);
    },
  };
}

/** An order's lines and events, and a user's orders: looked up by event, and paged. */
function orderHistoryOf(db: Executor) {
  return {
    items(orderId: number): Promise<OrderItemRow[]> {
      return db
        .selectFrom('order_items')
        .innerJoin('events', 'events.id', 'order_items.event_id')
        .select([
          'order_items.event_id',
          'order_items.price_cents',
          'order_items.list_price_cents',
          'events.path',
          'events.title',
          'events.venue_description',
          'events.air_start_date',
          'events.poster_path',
          'events.subscription_id',
        ])
        .where('order_items.order_id', '=', orderId)
        .orderBy('order_items.event_id')
        .execute();
    },

    /**
     * The events of these orders, for the history's rows (one query for a whole page): each order's
     * events by event id, as the order page lists them.
     */
    eventsOf(orderIds: number[]): Promise<{ order_id: number; event_id: number; title: string; path: string }[]> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .innerJoin('events', 'events.id', 'order_items.event_id')
        .select(['order_items.order_id', 'order_items.event_id', 'events.title', 'events.path'])
        .where('order_items.order_id', 'in', orderIds)
        .orderBy('order_items.order_id')
        .orderBy('order_items.event_id')
        .execute();
    },

    /** The user's Active orders holding `eventId` (or any event), one row per order and event. */
    lookup(userId: number, eventId: number | undefined, direction: 'asc' | 'desc') {
      let q = db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select([
          'orders.order_ref',
          'orders.cart_id',
          'orders.user_id',
          'order_items.event_id',
          'orders.status',
          'orders.usage_type',
          'orders.payment_method',
          'orders.created_at',
        ])
        .where('orders.user_id', '=', userId)
        .where('orders.status', '=', 'Active')
        .where('order_items.transferred_at', 'is', null);
      if (eventId !== undefined) q = q.where('order_items.event_id', '=', eventId);
      return q.orderBy('orders.created_at', direction).orderBy('orders.id', direction).limit(500).execute();
    },

    /**
     * One page of the user's orders, newest first, and how many there are. The page and its count
     * come from one statement, so one snapshot: read as two queries, an order written between them
     * (reconciliation, a webhook) gave a count of 1 beside an empty page.
     */
    async history(userId: number, offset: number, limit: number): Promise<{ rows: OrderRow[]; total: number }> {
      const counted = await db
        .selectFrom('orders')
        .selectAll()
        .select((eb) => eb.fn.countAll<string>().over().as('total_count'))
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      if (counted.length > 0) {
        const total = Number(counted[0]!.total_count);
        return { rows: counted.map(({ total_count: _, ...row }) => row), total };
      }
      if (offset === 0) return { rows: [], total: 0 };
      // A page past the end holds no row to carry the count: it is asked for on its own.
      const count = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { rows: [], total: Number(count.n) };
    },
  };
}

/** SQL of orders: creating them, who owns which event, and reading them back for their owner. */
export function createOrderRepository(db: Executor) {
  return {
    ...seatsAndOwnershipOf(db),
    ...orderRowsOf(db),
    ...orderHistoryOf(db),
  };
}
