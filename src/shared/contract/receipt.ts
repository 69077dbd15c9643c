import { z } from './zod';
import { envelope } from './responseEnvelope';
import { dbId } from './ids';
import { ORDER_MESSAGES } from './orderMessages';

/**
 * GET /v1/order/{cartId}/receipt: an order's printable receipt (docs/decisions.md "After the purchase").
 * The owner's only: another's order, or none, is a 404. Money is dollars on the wire, as every order
 * answer; the server computes every figure.
 */
export const receiptParams = z.strictObject({ cartId: dbId });

/** What the receipt says of the order's state: paid and standing, given back, or cancelled by the fan. */
const RECEIPT_STATUSES = ['Paid', 'Refunded', 'Cancelled'] as const;

const receiptLine = z.object({
  eventId: z.number().int(),
  title: z.string(),
  path: z.string(),
  /** The event's price when bought, before the coupon (dollars). */
  listPrice: z.number(),
  /** What was paid for this line, after its share of the coupon (dollars). */
  paidPrice: z.number(),
  /** The show's air start (ISO), or null for an event without a date. */
  airStartDate: z.string().nullable(),
  /** True when this ticket was handed on to someone else. */
  transferred: z.boolean(),
});

const receipt = z.object({
  shopName: z.string(),
  /** The order id the buyer knows ('ORD-…', 'TRF-…'). */
  orderId: z.string(),
  cartId: z.number().int(),
  /** When the order was made (ISO). */
  date: z.string(),
  status: z.enum(RECEIPT_STATUSES),
  /** When it was refunded or cancelled (ISO), else null. */
  endedAt: z.string().nullable(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  items: z.array(receiptLine),
  /** The coupon applied and what it took off (dollars), or null. */
  coupon: z.object({ code: z.string(), discount: z.number() }).nullable(),
  /** The lines' list prices added up (dollars). */
  subtotal: z.number(),
  /** What was paid for the order (dollars). */
  total: z.number(),
  /** The spec's value ('stripe', 'vouchers', 'transfer') and the words a buyer knows. */
  paymentMethod: z.string(),
  paymentMethodLabel: z.string(),
});
export type Receipt = z.infer<typeof receipt>;
export const receiptResponse = envelope(receipt);

export const RECEIPT_MESSAGES = {
  found: 'Receipt',
  notFound: ORDER_MESSAGES.orderNotFound,
} as const;
