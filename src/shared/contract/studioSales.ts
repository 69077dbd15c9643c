import { z } from './zod';
import { envelope } from './responseEnvelope';
import { auditEntry } from './studio';
import { dbId, pageOffset } from './ids';
import { ORDER_MANAGE_MESSAGES } from './orderManage';

/**
 * The console's Sales, Refunds and Attendees. Every call is an organizer's (`auth:
 * 'organizer'`; 401 signed out, 403 not an organizer). Money is DOLLARS on the wire (numbers such
 * as 12.5), times are ISO-8601 UTC strings, days are 'YYYY-MM-DD' in UTC.
 *
 * Routes:
 * - GET  /v1/studio/sales?eventId=               → `SalesDashboard` (overall, or one event's figures)
 * - GET  /v1/studio/orders?search=&eventId=&status=&offset=&limit= → `StudioOrderPage`
 * - GET  /v1/studio/orders/:id                   → `StudioOrderDetail` (`:id` the numeric id, or the
 *                                                   order id 'ORD-…'); 404 unknown; 409
 *                                                   `SALES_MESSAGES.orderIdShared` when more than one
 *                                                   order has that order id (two buyers may share
 *                                                   one): the console addresses orders by numeric id
 * - POST /v1/studio/orders/:id/refund            → `StudioOrderDetail` after the refund (body: none,
 *                                                   or `{}`). A full refund, exactly once:
 *     200  refunded (the provider has done it; payment.state 'refunded');
 *     404  no such order;
 *     409  `SALES_MESSAGES.alreadyRefunded` (done before) or `SALES_MESSAGES.refundUnderWay`
 *          (another click or organizer is refunding it right now), or `SALES_MESSAGES.orderIdShared`
 *          (an 'ORD-…' `:id` more than one order has);
 *     502  `SALES_MESSAGES.providerFailed`: access has ended and the seat is back, but the payment
 *          provider did not refund yet; the order shows payment.state 'refund_pending'. Pressing
 *          refund again retries (one attempt at a time, audited as 'order.refund_retry', and a
 *          refunded payment is never refunded again by the provider); the reconciliation job
 *          retries too.
 * - GET  /v1/studio/events/:id/attendees.csv     → text/csv attachment (not the envelope), columns
 *   `ATTENDEE_CSV_COLUMNS`; every order of the event, refunded ones with Status 'Refunded'. 404 unknown event.
 */

/** The console's sentences for sales and refunds (the server answers with these; the client may show them). */
export const SALES_MESSAGES = {
  orderNotFound: 'No such order.',
  eventNotFound: 'No such event.',
  alreadyRefunded: ORDER_MANAGE_MESSAGES.alreadyRefunded,
  refundUnderWay: 'A refund of this order is under way. Look again in a moment.',
  providerFailed:
    'The payment provider did not refund this order yet. Access has ended and the seat is back; ' +
    'press Refund again to retry.',
  refunded: 'The order was refunded.',
  orderIdShared:
    'More than one order has this order id. Pick the order from the search, which lists each with its buyer.',
} as const;

/**
 * An order's status as shoppers and organizers see it: 'Refunded' from the moment a refund is
 * claimed, 'Cancelled' when the fan cancelled it (refunded in full all the same).
 */
const STUDIO_ORDER_STATUSES = ['Active', 'Refunded', 'Cancelled'] as const;
export type StudioOrderStatus = (typeof STUDIO_ORDER_STATUSES)[number];

// ── GET /v1/studio/sales?eventId= ──────────────────────────────────────────────────────────────────
export const salesQuery = z.strictObject({
  /** One event's figures; without it, every event's. */
  eventId: dbId.optional(),
});
export type SalesQuery = z.infer<typeof salesQuery>;

const refundFigures = z.object({
  /** Orders refunded (pending or done). */
  count: z.number().int(),
  /** Dollars given back (the refunded orders' paid amounts). */
  amount: z.number(),
});

/** One day of sales: tickets and revenue of the orders placed that day (UTC) and not refunded. */
const salesDay = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  tickets: z.number().int(),
  revenue: z.number(),
});
export type SalesDay = z.infer<typeof salesDay>;

const salesEventRow = z.object({
  eventId: z.number().int(),
  title: z.string(),
  /** Tickets in orders not refunded. */
  sold: z.number().int(),
  /** Null: no limit. */
  capacity: z.number().int().nullable(),
  /** capacity − seats taken, never below 0; null when there is no limit. */
  capacityLeft: z.number().int().nullable(),
  /** Dollars paid for this event's tickets, net of refunds. */
  revenue: z.number(),
  /** Dollars paid for this event's tickets, refunded ones included. */
  grossRevenue: z.number(),
  /** Refunded tickets of this event and their dollars. */
  refunds: refundFigures,
  /** Orders not refunded that bought this event with a coupon. */
  couponUses: z.number().int(),
});
export type SalesEventRow = z.infer<typeof salesEventRow>;

const salesTotals = z.object({
  /** Orders not refunded. */
  orders: z.number().int(),
  /** Tickets in orders not refunded. */
  sold: z.number().int(),
  /** Dollars, net of refunds (gross − refunds.amount). */
  revenue: z.number(),
  /** Dollars of every order, refunded ones included. */
  grossRevenue: z.number(),
  refunds: refundFigures,
  /** Orders not refunded that used a coupon (a refund gives the coupon's use back). */
  couponUses: z.number().int(),
  /** Sum of the events' capacities; null when any event has no limit. */
  capacity: z.number().int().nullable(),
  /** Sum of what is left; null when any event has no limit. */
  capacityLeft: z.number().int().nullable(),
});
export type SalesTotals = z.infer<typeof salesTotals>;

const salesDashboardData = z.object({
  /** The event asked for, or null for every event. */
  eventId: z.number().int().nullable(),
  totals: salesTotals,
  /**
   * Per day from the first sale's day to the last one's (at most the last 366 days), days without a
   * sale included with zeros, oldest first. Empty when nothing sold. Sums to totals.sold / revenue.
   */
  series: z.array(salesDay),
  /** Every event (or the one asked for), most tickets sold first. */
  events: z.array(salesEventRow),
});
export type SalesDashboard = z.infer<typeof salesDashboardData>;
export const salesDashboardResponse = envelope(salesDashboardData);

// ── GET /v1/studio/orders?search=&eventId=&status=&offset=&limit= ───────────────────────────────────
export const studioOrdersQuery = z.strictObject({
  /** Part of the buyer's e-mail (case-insensitive), or the order id 'ORD-…' (part of it). */
  search: z.string().trim().max(320).optional(),
  /** Orders that bought this event. */
  eventId: dbId.optional(),
  status: z.enum(STUDIO_ORDER_STATUSES).optional(),
  offset: pageOffset.default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type StudioOrdersQuery = z.infer<typeof studioOrdersQuery>;

const eventRef = z.object({ id: z.number().int(), title: z.string() });

const studioOrderRow = z.object({
  /** The order id shoppers see ('ORD-…', orders.order_ref). */
  orderId: z.string(),
  /** The numeric id, for /v1/studio/orders/:id. */
  id: z.number().int(),
  buyerEmail: z.string(),
  buyerName: z.string(),
  events: z.array(eventRef),
  /** Dollars paid. */
  amount: z.number(),
  status: z.enum(STUDIO_ORDER_STATUSES),
  /** 'stripe' (a card) or 'vouchers'. */
  paymentMethod: z.string(),
  created: z.string(),
});
export type StudioOrderRow = z.infer<typeof studioOrderRow>;
const studioOrderPageData = z.object({ rows: z.array(studioOrderRow), total: z.number().int() });
export type StudioOrderPage = z.infer<typeof studioOrderPageData>;
export const studioOrderPageResponse = envelope(studioOrderPageData);

// ── GET /v1/studio/orders/:id and POST /v1/studio/orders/:id/refund ─────────────────────────────────
/** The numeric id, or the order id 'ORD-…'. */
export const studioOrderParams = z.strictObject({
  id: z
    .string()
    .max(40)
    .regex(/^(\d{1,10}|ORD-\d{10,20})$/, "must be an order's id or 'ORD-…' order id"),
});
export const refundBody = z.strictObject({}).optional();

const PAYMENT_STATES = ['paid', 'refund_pending', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

const studioOrderDetail = z.object({
  orderId: z.string(),
  id: z.number().int(),
  status: z.enum(STUDIO_ORDER_STATUSES),
  created: z.string(),
  /** Dollars paid. */
  amount: z.number(),
  buyer: z.object({ userId: z.number().int(), email: z.string(), name: z.string() }),
  lines: z.array(
    z.object({
      eventId: z.number().int(),
      title: z.string(),
      /** Dollars before the coupon; null on old orders that did not keep it. */
      listPrice: z.number().nullable(),
      /** Dollars paid for the line. */
      paid: z.number(),
    }),
  ),
  coupon: z.string().nullable(),
  /** 'stripe' (a card) or 'vouchers'. */
  paymentMethod: z.string(),
  /** The provider's payment intent; null for a voucher order. */
  paymentIntentId: z.string().nullable(),
  payment: z.object({
    state: z.enum(PAYMENT_STATES),
    /** Null until refunded. */
    refund: z
      .object({
        /** Dollars. */
        amount: z.number(),
        requestedAt: z.string(),
        /** The organizer's e-mail; null if the account is gone. */
        requestedBy: z.string().nullable(),
        /** When the provider did it; null while pending. */
        completedAt: z.string().nullable(),
        attempts: z.number().int(),
        /** The provider's last failure while pending (a sentence for the organizer). */
        lastError: z.string().nullable(),
      })
      .nullable(),
  }),
  /** The audit entries of this order (subjectType 'order'), newest first. */
  audit: z.array(auditEntry),
});
export type StudioOrderDetail = z.infer<typeof studioOrderDetail>;
export const studioOrderDetailResponse = envelope(studioOrderDetail);

// ── GET /v1/studio/events/:id/attendees.csv ─────────────────────────────────────────────────────────
export const attendeesParams = z.strictObject({ id: dbId });
/** The CSV's header row, in order. Bought at is ISO UTC; Paid is dollars ('12.50'). */
export const ATTENDEE_CSV_COLUMNS = [
  'Order ID',
  'Buyer name',
  'E-mail',
  'Bought at',
  'Paid',
  'Coupon',
  'Status',
] as const;
