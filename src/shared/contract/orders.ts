import { z } from './zod';
import { envelope } from './responseEnvelope';
import { requiredWhen } from './fieldRules';
import { dbId, jsonId, pageOffset } from './ids';
import { jsonQuery } from './jsonQuery';
import { ORDER_MESSAGES } from './orderMessages';

/**
 * Payments and orders (docs/behaviour.md §3 "Order", §7 /order calls, docs/decisions.md "Payments"). Money is dollars
 * on the wire except `amount` of createPaymentIntent, which is cents as the spec says. Every amount
 * is computed by the server; what the client sends is only compared with it.
 */

// ── POST /v1/order/createPaymentIntent ────────────────────────────────────────────────────────────
export const createPaymentIntentBody = z.strictObject({
  /** What the client thinks it will pay, in cents; must equal the server's total for the cart. */
  amount: z
    .number()
    .int()
    .min(0)
    .max(100_000_000)
    .meta({
      description:
        "Cents: the caller's cart's total as the server prices it now (`GET /v1/cart`: `totals.grandTotal` × 100). " +
        'Any other amount is a 400.',
    }),
  userId: jsonId,
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;
const paymentIntent = z.object({
  client_secret: z.string(),
  paymentIntentId: z.string(),
  /** Cents, the server's own. */
  amount: z.number().int(),
  provider: z.enum(['sandbox', 'stripe']),
});
export type PaymentIntent = z.infer<typeof paymentIntent>;
export const paymentIntentResponse = envelope(paymentIntent);

// ── POST /v1/order/createCartOrder (docs/behaviour.md §7; its shape: the OpenAPI document) ───────────────────────────
/** 'ORD-' + a timestamp + a random number below 10000 (docs/behaviour.md §9). */
const orderRef = z.string().regex(/^ORD-\d{10,20}$/, "must be 'ORD-' followed by digits");
export const createCartOrderBody = requiredWhen(
  z.strictObject({
    userId: jsonId,
    paymentMethod: z.enum(['stripe', 'vouchers']).meta({
      description:
        '`vouchers` only for a cart whose total with its coupon is 0 (a 100 % coupon), else a 400; `stripe` with ' +
        'the `paymentIntentId` of a payment that succeeded.',
    }),
    /** The card payment's intent: required with paymentMethod 'stripe' (below); vouchers have none. */
    paymentIntentId: z
      .string()
      .min(3)
      .max(255)
      .regex(/^[A-Za-z0-9_]+$/, 'must be a payment intent id')
      .optional(),
    /** A voucher order's id, chosen by the client (docs/behaviour.md §9): sending it again returns the same order. */
    orderId: orderRef.optional(),
    /** Dollars; when sent it must equal what was paid (0 for vouchers). */
    amount: z
      .number()
      .min(0)
      .max(1_000_000)
      .optional()
      .meta({
        description:
          'Dollars, when sent: 0 with `vouchers`, what the payment intent was made for with `stripe`. Any other ' +
          'amount is a 400.',
      }),
    // The rest of the spec's payload: accepted, never believed (the server has the cart and the intent).
    cartId: jsonId.nullable().optional(),
    assetId: z.array(jsonId).max(200).optional(),
    cartItems: z.array(z.unknown()).max(200).optional(),
    subscriptionId: z
      .array(z.union([jsonId, z.null()]))
      .max(200)
      .optional(),
    billingName: z.string().max(200).optional(),
    billingEmail: z.string().max(320).optional(),
    status: z.literal('Active').optional(),
    usageType: z.literal('Paid').optional(),
    isActive: z.literal(1).optional(),
  }),
  'paymentIntentId',
  { when: 'paymentMethod', is: 'stripe' },
  ORDER_MESSAGES.paymentIntentRequired,
);
export type CreateCartOrderBody = z.infer<typeof createCartOrderBody>;

const orderSummary = z.object({
  orderId: z.string(),
  cartId: z.number().int(),
  status: z.string(),
  usageType: z.string(),
  paymentMethod: z.enum(['stripe', 'vouchers']),
  /** Dollars paid for the whole order. */
  amount: z.number(),
  assetIds: z.array(z.number().int()),
  created: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;
export const orderResponse = envelope(orderSummary);

// ── GET /v1/order?filter={"userId","assetId"}: presence = purchased ──────────────────────────────
const orderLookupFilter = z.strictObject({ userId: jsonId, assetId: jsonId.optional() });
export type OrderLookupFilter = z.infer<typeof orderLookupFilter>;
/** docs/behaviour.md §7 GET /order's sortBy: by purchase time, newest first ('-created', the default) or oldest. */
const ORDER_SORTS = ['-created', 'created'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const orderLookupQuery = z.strictObject({
  filter: jsonQuery(orderLookupFilter, { maxLength: 500, example: '{"userId":1,"assetId":2}' }),
  sortBy: z.enum(ORDER_SORTS).optional(),
});
const orderLookupRow = z.object({
  orderId: z.string(),
  cartId: z.number().int(),
  userId: z.number().int(),
  assetId: z.number().int(),
  status: z.string(),
  usageType: z.string(),
  paymentMethod: z.string(),
  created: z.string(),
});
export type OrderLookupRow = z.infer<typeof orderLookupRow>;
export const orderLookupResponse = envelope(z.array(orderLookupRow));

// ── GET /v1/order/history?userId=: the profile's table (docs/behaviour.md §3 "Order row") ─────────────────────
export const orderHistoryQuery = z.strictObject({
  userId: dbId,
  offset: pageOffset.default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
const orderHistoryRow = z.object({
  orderId: z.string(),
  cartId: z.number().int(),
  usageType: z.string(),
  payment_method: z.string(),
  /** Dollars. */
  rate: z.number(),
  created: z.string(),
  /** Ours, beside the spec's fields: the events the order bought, so the row names them (by event id). */
  events: z.array(z.object({ assetId: z.number().int(), title: z.string(), path: z.string() })),
});
export type OrderHistoryRow = z.infer<typeof orderHistoryRow>;
/** The order history: its rows under `data.data` (docs/behaviour.md §3 "Order row"). */
export const orderHistoryResponse = envelope(z.object({ data: z.array(orderHistoryRow), total: z.number().int() }));
export type OrderHistoryPage = z.infer<typeof orderHistoryResponse>['data'];
