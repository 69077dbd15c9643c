import type {
  SalesDashboard,
  SalesDay,
  SalesQuery,
  StudioOrderDetail,
  StudioOrderPage,
  StudioOrdersQuery,
  StudioOrderStatus,
} from '../../../shared/contract/studioSales';
import { SALES_MESSAGES } from '../../../shared/contract/studioSales';
import { MAX_ID } from '../../../shared/contract/ids';
import { centsToDollars } from '../../../shared/money';
import type { UnitOfWork } from '../../db/unitOfWork';
import { Conflict, NotFound } from '../../platform/domainErrors';
import type { OrderRepositories } from '../orders/repositories';
import type { OrganizerService } from '../organizers/service';
import { attendeesCsv } from './attendeesCsv';
import type { SalesRepositories } from './repositories';
import type { EventFigures, SalesDayRow } from './salesRepository';

/** The chart shows at most this many days, the latest ones. */
const MAX_SERIES_DAYS = 366;
const DAY_MS = 24 * 3600 * 1000;

const iso = (d: Date) => new Date(d).toISOString();
const statusOf = (status: string): StudioOrderStatus =>
  status === 'Active' || status === 'Cancelled' ? status : 'Refunded';
const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();
const sumOf = (rows: EventFigures[], key: keyof EventFigures) => rows.reduce((n, r) => n + Number(r[key]), 0);
const left = (r: EventFigures) => (r.capacity === null ? null : Math.max(0, r.capacity - r.seats_taken));

/** Every day from the first sale's to the last one's (the latest MAX_SERIES_DAYS), days without sales as zeros. */
function dailySeries(days: SalesDayRow[]): SalesDay[] {
  if (days.length === 0) return [];
  const byDay = new Map(days.map((d) => [d.day, d]));
  const last = Date.parse(`${days[days.length - 1]!.day}T00:00:00Z`);
  const first = Math.max(Date.parse(`${days[0]!.day}T00:00:00Z`), last - (MAX_SERIES_DAYS - 1) * DAY_MS);
  const series: SalesDay[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const day = byDay.get(date);
    series.push({ date, tickets: day?.tickets ?? 0, revenue: centsToDollars(day?.cents ?? 0) });
  }
  return series;
}

/**
 * The console's Sales and Attendees: the figures overall and per event, the order
 * search, an order's detail with its payment state and audit entries, and the attendee CSV. The
 * refund itself is the orders module's (refundService.ts, refundRoutes.ts); this service names and
 * shows the order it refunds.
 */
export function createSalesService(deps: {
  uow: UnitOfWork<SalesRepositories & Pick<OrderRepositories, 'orders'>>;
  organizers: Pick<OrganizerService, 'auditPage'>;
}) {
  const { sales, orders } = deps.uow.repos;

  async function orderDetail(id: number): Promise<StudioOrderDetail> {
    const order = await orders.byId(id);
    if (!order) throw new NotFound(SALES_MESSAGES.orderNotFound);
    const [buyer, items, refund, audit] = await Promise.all([
      sales.buyer(order.user_id),
      orders.items(order.id),
      sales.refundOf(order.id),
      deps.organizers.auditPage({ subjectType: 'order', subjectId: String(order.id), limit: 50 }),
    ]);
    return {
      orderId: order.order_ref,
      id: order.id,
      status: statusOf(order.status),
      created: iso(order.created_at),
      amount: centsToDollars(order.amount_cents),
      buyer: { userId: order.user_id, email: buyer?.email ?? '', name: buyer ? fullName(buyer) : '' },
      lines: items.map((i) => ({
        eventId: i.event_id,
        title: i.title,
        listPrice: i.list_price_cents === null ? null : centsToDollars(i.list_price_cents),
        paid: centsToDollars(i.price_cents),
      })),
      coupon: order.coupon_code,
      paymentMethod: order.payment_method,
      paymentIntentId: order.payment_intent_id,
      payment: {
        state: !refund ? 'paid' : refund.status === 'done' ? 'refunded' : 'refund_pending',
        refund: refund
          ? {
              amount: centsToDollars(refund.amount_cents),
              requestedAt: iso(refund.created_at),
              requestedBy: refund.requested_by_email,
              completedAt: refund.completed_at ? iso(refund.completed_at) : null,
              attempts: refund.attempts,
              lastError: refund.last_error,
            }
          : null,
      },
      audit: audit.entries,
    };
  }

  /**
   * `:id` of a console order address: the numeric id (what the console uses), or the order id
   * 'ORD-…' while exactly one order has it. Two buyers may share an order id (a voucher purchase
   * chooses its own), so a shared one is a 409: guessing would show, or refund, a stranger's copy.
   */
  async function orderIdOf(key: string): Promise<number> {
    if (/^\d+$/.test(key)) {
      const id = Number(key);
      if (id > MAX_ID) throw new NotFound(SALES_MESSAGES.orderNotFound);
      return id;
    }
    const ids = await sales.orderIdsByRef(key);
    if (ids.length > 1) throw new Conflict(SALES_MESSAGES.orderIdShared);
    if (ids.length === 0) throw new NotFound(SALES_MESSAGES.orderNotFound);
    return ids[0]!;
  }

  return {
    async dashboard(query: SalesQuery): Promise<SalesDashboard> {
      const [events, counts, days] = await Promise.all([
        sales.eventFigures(query.eventId),
        sales.orderCounts(query.eventId),
        sales.salesByDay(query.eventId),
      ]);
      if (query.eventId !== undefined && events.length === 0) throw new NotFound(SALES_MESSAGES.eventNotFound);
      const unlimited = events.some((e) => e.capacity === null);
      const grossCents = sumOf(events, 'gross_cents');
      const refundedCents = sumOf(events, 'refunded_cents');
      return {
        eventId: query.eventId ?? null,
        totals: {
          orders: counts.orders,
          sold: sumOf(events, 'sold'),
          revenue: centsToDollars(grossCents - refundedCents),
          grossRevenue: centsToDollars(grossCents),
          refunds: { count: counts.refunded_orders, amount: centsToDollars(refundedCents) },
          couponUses: counts.coupon_orders,
          capacity: unlimited ? null : sumOf(events, 'capacity'),
          capacityLeft: unlimited ? null : events.reduce((n, e) => n + (left(e) ?? 0), 0),
        },
        series: dailySeries(days),
        events: events.map((e) => ({
          eventId: e.id,
          title: e.title,
          sold: e.sold,
          capacity: e.capacity,
          capacityLeft: left(e),
          revenue: centsToDollars(e.revenue_cents),
          grossRevenue: centsToDollars(e.gross_cents),
          refunds: { count: e.refunded, amount: centsToDollars(e.refunded_cents) },
          couponUses: e.coupon_uses,
        })),
      };
    },

    async searchOrders(query: StudioOrdersQuery): Promise<StudioOrderPage> {
      const page = await sales.searchOrders(query);
      const events = new Map<number, { id: number; title: string }[]>();
      for (const e of await orders.eventsOf(page.rows.map((o) => o.id)))
        events.set(e.order_id, [...(events.get(e.order_id) ?? []), { id: e.event_id, title: e.title }]);
      return {
        rows: page.rows.map((o) => ({
          orderId: o.order_ref,
          id: o.id,
          buyerEmail: o.email,
          buyerName: fullName(o),
          events: events.get(o.id) ?? [],
          amount: centsToDollars(o.amount_cents),
          status: statusOf(o.status),
          paymentMethod: o.payment_method,
          created: iso(o.created_at),
        })),
        total: page.total,
      };
    },

    order: async (key: string) => orderDetail(await orderIdOf(key)),

    /** `:id` of a console order address (the refund route's, orders/refundRoutes.ts). */
    orderIdOf,
    /** An order as the console shows it, by its numeric id. */
    orderDetail,

    /** The event's attendee CSV and a file name for it; 404 for an unknown event. */
    async attendees(eventId: number): Promise<{ csv: string; fileName: string }> {
      const title = await sales.eventTitle(eventId);
      if (title === undefined) throw new NotFound(SALES_MESSAGES.eventNotFound);
      return { csv: attendeesCsv(await sales.attendees(eventId)), fileName: `attendees-event-${eventId}.csv` };
    },
  };
}
export type SalesService = ReturnType<typeof createSalesService>;
