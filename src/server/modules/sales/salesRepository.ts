import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { StudioOrdersQuery } from '../../../shared/contract/studioSales';

/** One event's figures, in cents and counts (the service turns them into dollars). */
export type EventFigures = {
  id: number;
  title: string;
  capacity: number | null;
  /** events.sold: the seats taken against capacity. */
  seats_taken: number;
  sold: number;
  revenue_cents: number;
  gross_cents: number;
  refunded: number;
  refunded_cents: number;
  coupon_uses: number;
};
type OrderCounts = { orders: number; refunded_orders: number; coupon_orders: number };
export type SalesDayRow = { day: string; tickets: number; cents: number };
type SearchedOrder = {
  id: number;
  order_ref: string;
  user_id: number;
  status: string;
  payment_method: string;
  amount_cents: number;
  created_at: Date;
  email: string;
  first_name: string;
  last_name: string;
};
export type AttendeeRow = {
  order_ref: string;
  first_name: string;
  last_name: string;
  email: string;
  created_at: Date;
  price_cents: number;
  coupon_code: string | null;
  status: string;
};

/** `text` inside a LIKE pattern as itself: its `%`, `_` and `\` are escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
const num = (v: unknown) => Number(v ?? 0);

/** The console's figures: each event's tickets and money, order counts, sales by day. */
function salesFiguresOf(db: Executor) {
  return {
    /**
     * Each event's tickets and money (or the one asked for), most tickets sold first. A ticket handed
     * on is two lines, the buyer's (paid, transferred_at set) and the receiver's (0): it counts once as
     * a ticket, its money once. A fan's cancellation counts as refunded.
     */
    async eventFigures(eventId?: number): Promise<EventFigures[]> {
      const only = eventId === undefined ? sql`` : sql`where e.id = ${eventId}`;
      const { rows } = await sql<Record<keyof EventFigures, unknown>>`
        select e.id, e.title, e.capacity, e.sold as seats_taken,
          count(oi.order_id) filter (where o.status = 'Active' and oi.transferred_at is null) as sold,
          coalesce(sum(oi.price_cents) filter (where o.status = 'Active'), 0) as revenue_cents,
          coalesce(sum(oi.price_cents), 0) as gross_cents,
          count(oi.order_id) filter (where o.status in ('Refunded', 'Cancelled')) as refunded,
          coalesce(sum(oi.price_cents) filter (where o.status in ('Refunded', 'Cancelled')), 0) as refunded_cents,
          count(oi.order_id) filter (where o.status = 'Active' and o.coupon_code is not null) as coupon_uses
        from events e
        left join order_items oi on oi.event_id = e.id
        left join orders o on o.id = oi.order_id
        ${only}
        group by e.id
        order by sold desc, e.id`.execute(db);
      return rows.map((r) => ({
        id: num(r.id),
        title: String(r.title),
        capacity: r.capacity === null ? null : num(r.capacity),
        seats_taken: num(r.seats_taken),
        sold: num(r.sold),
        revenue_cents: num(r.revenue_cents),
        gross_cents: num(r.gross_cents),
        refunded: num(r.refunded),
        refunded_cents: num(r.refunded_cents),
        coupon_uses: num(r.coupon_uses),
      }));
    },

    /** Orders not refunded, refunded, and not refunded with a coupon (that bought `eventId`, when given). */
    async orderCounts(eventId?: number): Promise<OrderCounts> {
      const only =
        eventId === undefined
          ? sql``
          : sql`where exists (select 1 from order_items oi where oi.order_id = o.id and oi.event_id = ${eventId})`;
      const { rows } = await sql<Record<keyof OrderCounts, unknown>>`
        select count(*) filter (where o.status = 'Active' and o.usage_type <> 'Transfer') as orders,
          count(*) filter (where o.status in ('Refunded', 'Cancelled')) as refunded_orders,
          count(*) filter (where o.status = 'Active' and o.coupon_code is not null) as coupon_orders
        from orders o ${only}`.execute(db);
      return {
        orders: num(rows[0]?.orders),
        refunded_orders: num(rows[0]?.refunded_orders),
        coupon_orders: num(rows[0]?.coupon_orders),
      };
    },

    /**
     * Tickets and cents of the orders not refunded, per day (UTC) they were placed, oldest first. A
     * ticket handed on counts once, as the receiver's line (of 0); its money stays on the buyer's day.
     */
    async salesByDay(eventId?: number): Promise<SalesDayRow[]> {
      const only = eventId === undefined ? sql`` : sql`and oi.event_id = ${eventId}`;
      const { rows } = await sql<Record<keyof SalesDayRow, unknown>>`
        select to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
          count(*) filter (where oi.transferred_at is null) as tickets, coalesce(sum(oi.price_cents), 0) as cents
        from order_items oi join orders o on o.id = oi.order_id
        where o.status = 'Active' ${only}
        group by day
        order by day`.execute(db);
      return rows.map((r) => ({ day: String(r.day), tickets: num(r.tickets), cents: num(r.cents) }));
    },
  };
}

/** The console's search of orders, and what an order's page shows: its buyer and its refund. */
function orderSearchOf(db: Executor) {
  /** The orders the console's search matches, before paging. */
  function searched(query: Omit<StudioOrdersQuery, 'offset' | 'limit'>) {
    let q = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id');
    const search = query.search?.trim();
    if (search) {
      const pattern = contains(search);
      q = q.where((eb) => eb.or([eb('users.email', 'ilike', pattern), eb('orders.order_ref', 'ilike', pattern)]));
    }
    if (query.eventId !== undefined) {
      const eventId = query.eventId;
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_items')
            .select('order_items.order_id')
            .whereRef('order_items.order_id', '=', 'orders.id')
            .where('order_items.event_id', '=', eventId),
        ),
      );
    }
    if (query.status) q = q.where('orders.status', '=', query.status);
    return q;
  }

  return {
    /**
     * One page of the orders the search matches, newest first, and how many match: one statement,
     * so one snapshot (a page past the end asks for the count on its own).
     */
    async searchOrders(query: StudioOrdersQuery): Promise<{ rows: SearchedOrder[]; total: number }> {
      const rows = await searched(query)
        .select([
          'orders.id',
          'orders.order_ref',
          'orders.user_id',
          'orders.status',
          'orders.payment_method',
          'orders.amount_cents',
          'orders.created_at',
          'users.email',
          'users.first_name',
          'users.last_name',
        ])
        .select((eb) => eb.fn.countAll<string>().over().as('total_count'))
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .offset(query.offset)
        .limit(query.limit)
        .execute();
      if (rows.length > 0)
        return { rows: rows.map(({ total_count: _, ...row }) => row), total: Number(rows[0]!.total_count) };
      if (query.offset === 0) return { rows: [], total: 0 };
      const count = await searched(query)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return { rows: [], total: Number(count.n) };
    },

    /**
     * The ids of orders with this order id, at most two: order ids are unique per buyer only, and a
     * voucher purchase's is chosen by the client (migration 0008), so two buyers may share one.
     */
    async orderIdsByRef(orderRef: string): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('order_ref', '=', orderRef)
        .orderBy('id')
        .limit(2)
        .execute();
      return rows.map((r) => r.id);
    },

    buyer(userId: number) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The order's refund with the e-mail of the organizer who asked for it (null if that account is gone). */
    refundOf(orderId: number) {
      return db
        .selectFrom('refunds')
        .leftJoin('users', 'users.id', 'refunds.requested_by')
        .selectAll('refunds')
        .select('users.email as requested_by_email')
        .where('refunds.order_id', '=', orderId)
        .executeTakeFirst();
    },
  };
}

/** An event's attendee list, with its title. */
function attendeesOf(db: Executor) {
  return {
    async eventTitle(eventId: number): Promise<string | undefined> {
      const row = await db.selectFrom('events').select('title').where('id', '=', eventId).executeTakeFirst();
      return row?.title;
    },

    /** Every order of the event, refunded ones too, oldest first: the attendee list. */
    attendees(eventId: number): Promise<AttendeeRow[]> {
      return db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select([
          'orders.order_ref',
          'users.first_name',
          'users.last_name',
          'users.email',
          'orders.created_at',
          'order_items.price_cents',
          'orders.coupon_code',
          'orders.status',
        ])
        .where('order_items.event_id', '=', eventId)
        .orderBy('orders.created_at')
        .orderBy('orders.id')
        .execute();
    },
  };
}

/**
 * SQL of the console's sales figures, order search and attendee list. Read only: what changes an
 * order (the refund) is the orders module's.
 */
export function createSalesRepository(db: Executor) {
  return {
    ...salesFiguresOf(db),
    ...orderSearchOf(db),
    ...attendeesOf(db),
  };
}
