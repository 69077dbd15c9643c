import { z } from 'zod';

/** Event ids and types are short printable ASCII (Stripe's `evt_…`, `payment_intent.succeeded`). */
const token = z
  .string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be text') })
  .min(1, 'is missing')
  .max(255, 'is too long')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII');

const envelope = z.object(
  {
    id: token,
    type: token,
    data: z.object({ object: z.looseObject({}) }).optional(),
  },
  { error: 'must be a JSON object' },
);

/** The parts of a payment intent a `payment_intent.*` event must carry for us to act on it. */
const intentObject = z.looseObject({
  id: token,
  status: token,
  amount: z.number().int().min(0),
  currency: z.string().max(10).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  client_secret: z.string().max(500).nullish(),
});
export type WebhookIntentObject = z.infer<typeof intentObject>;

/** A signed event whose content we cannot use: the sender's mistake (400), not ours (500). */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

/**
 * Reads a verified event's JSON. The signature proves who sent it, not that it has the shape we
 * store (an event without a type would reach a NOT NULL column): anything else is refused.
 */
export function readWebhookEvent(value: unknown): { id: string; type: string; intent: WebhookIntentObject | null } {
  const event = envelope.safeParse(value);
  if (!event.success) throw new WebhookPayloadError(describe('event', event.error));
  const { id, type, data } = event.data;
  if (!type.startsWith('payment_intent.')) return { id, type, intent: null };
  const intent = intentObject.safeParse(data?.object);
  if (!intent.success) throw new WebhookPayloadError(describe('data.object', intent.error));
  return { id, type, intent: intent.data };
}

function describe(where: string, error: z.ZodError): string {
  const issue = error.issues[0]!;
  const field = [where, ...issue.path.map(String)].join('.');
  return `Webhook event is not valid: ${field} ${issue.message}.`;
}
