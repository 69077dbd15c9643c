import { z } from './zod';
import { envelope } from './responseEnvelope';

/**
 * The sandbox payment provider's card confirmation (docs/decisions.md "Payments"): Stripe-shaped, with
 * Stripe's test cards. The card goes to our own server only in sandbox mode; with the stripe
 * provider the card never touches our server (Stripe.js PaymentElement).
 */
const sandboxCard = z.strictObject({
  /** Digits, spaces allowed. */
  number: z.string().max(30),
  exp_month: z.number().int().min(0).max(99),
  /** Two or four digits. */
  exp_year: z.number().int().min(0).max(9999),
  cvc: z.string().max(8),
});
export type SandboxCard = z.infer<typeof sandboxCard>;

/**
 * Where the sandbox's authentication page sends the browser back to: a path on this site only
 * (`/`, then no second `/` or `\`, printable ASCII), never another site.
 */
export const returnUrl = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[\x21-\x7e]*$/, 'must be a path on this site, such as /order-confirmation/12');

export const sandboxConfirmBody = z.strictObject({
  client_secret: z.string().min(10).max(200),
  card: sandboxCard,
  return_url: returnUrl,
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBody>;

const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

/** Like Stripe.js's confirmPayment result: an error (a decline, a bad card) or the intent's new state. */
const sandboxConfirmResult = z.object({
  paymentIntentId: z.string(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  error: z
    .object({
      type: z.enum(['card_error', 'validation_error']),
      code: z.string(),
      decline_code: z.string().optional(),
      message: z.string(),
    })
    .nullable(),
  /** Set when the card needs authentication: the browser goes there. */
  next_action: z.object({ redirect_url: z.string() }).nullable(),
});
export type SandboxConfirmResult = z.infer<typeof sandboxConfirmResult>;
export const sandboxConfirmResponse = envelope(sandboxConfirmResult);
