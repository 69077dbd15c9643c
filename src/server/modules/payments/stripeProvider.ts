import Stripe from 'stripe';
import type { PaymentIntentStatus } from '../../../shared/contract/payments';
import { readWebhookEvent } from './webhookEvent';
import {
  ProviderUnavailableError,
  WEBHOOK_SIGNATURE_FAILED,
  WebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './provider';

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** https://api.stripe.com in production; tests point it at a local fake. */
  apiBase: string;
  /** Per attempt; the SDK's default (80 s) would hold a checkout request far too long. */
  timeoutMs?: number;
  /** Retries of connection errors, 409s and 5xx, with backoff; POSTs replay safely under their idempotency key. */
  maxNetworkRetries?: number;
};

/** Stripe's statuses the shop does not use, folded into the nearest of ours. */
const STATUS: Record<string, PaymentIntentStatus> = {
  requires_payment_method: 'requires_payment_method',
  // We never confirm server-side, so this only means "the buyer has not paid yet".
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  // Card only and automatic capture: an uncaptured authorization is money on its way, not yet ours.
  requires_capture: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

function toIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: pi.id,
    // A status added by a later API version is treated as pending, never as paid.
    status: STATUS[pi.status] ?? 'processing',
    amountCents: pi.amount,
    currency: pi.currency,
    metadata: { ...pi.metadata },
    clientSecret: pi.client_secret ?? '',
  };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const { secretKey, webhookSecret } = options;
  const base = new URL(options.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(secretKey, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // A stalled Stripe is given up after the timeout and tried once more under the same idempotency
    // key: a checkout call answers within about two timeouts (16 s by default), well inside a
    // browser's patience and nginx's proxy_read_timeout, and is never charged twice.
    timeout: options.timeoutMs ?? 8000,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
  });

  /** Stripe masks keys in its messages; this makes sure no message of ours can carry one anyway. */
  const redact = (message: string) => message.split(secretKey).join('[redacted]');

  /** Outages become ProviderUnavailableError (the caller may retry); anything else is a plain Error. */
  function translate(err: unknown, action: string): Error {
    const E = Stripe.errors;
    if (
      err instanceof E.StripeConnectionError ||
      err instanceof E.StripeAPIError ||
      err instanceof E.StripeRateLimitError
    ) {
      return new ProviderUnavailableError(`Stripe is unavailable (${action}): ${redact(err.message)}`, { cause: err });
    }
    if (err instanceof E.StripeError) return new Error(`Stripe refused to ${action}: ${redact(err.message)}`);
    return err instanceof Error ? err : new Error(String(err));
  }

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createIntent(input) {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            // The spec takes cards only. API 2026-09 replaced `payment_method_types` with this list.
            allowed_payment_method_types: ['card'],
            metadata: input.metadata,
            description: input.description,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (err) {
        throw translate(err, 'create a payment intent');
      }
    },

    async retrieveIntent(id) {
      try {
        return toIntent(await stripe.paymentIntents.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
        throw translate(err, 'retrieve a payment intent');
      }
    },

    async refund(intentId, idempotencyKey) {
      try {
        await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
      } catch (err) {
        // Refunded before (another key, or by hand in the dashboard): the money is back either way.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
        throw translate(err, 'refund a payment');
      }
    },

    verifyWebhook(rawBody, signature): ProviderEvent {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        // The SDK's message names the cause (no match, too old, bad header); it never holds the secret.
        throw new WebhookSignatureError(
          err instanceof Error ? `${WEBHOOK_SIGNATURE_FAILED}: ${err.message}` : undefined,
        );
      }
      const checked = readWebhookEvent(event);
      return {
        id: checked.id,
        type: checked.type,
        intent: checked.intent && toIntent(checked.intent as unknown as Stripe.PaymentIntent),
      };
    },
  };
}
