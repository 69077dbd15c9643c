import type { PaymentIntentStatus } from '../../../shared/contract/payments';

/**
 * What the shop needs from a card payment provider. Two implementations: `sandbox` (intents in our
 * own database, Stripe's test cards) and `stripe` (the official SDK). Every method may go over the
 * network: call them outside database transactions, never inside one.
 */
export type ProviderIntent = {
  id: string;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /** What we attached when creating it: user_id, cart_id, cart_version, checkout_id. */
  metadata: Record<string, string>;
  clientSecret: string;
};

export type CreateIntentInput = {
  amountCents: number;
  currency: 'usd';
  /** The same key returns the same intent (one intent per cart version and amount). */
  idempotencyKey: string;
  metadata: Record<string, string>;
  description: string;
};

/** A verified webhook event; only `payment_intent.*` events carry an intent. */
export type ProviderEvent = { id: string; type: string; intent: ProviderIntent | null };

export interface PaymentProvider {
  readonly kind: 'sandbox' | 'stripe';
  /** What the browser needs (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The intent as the provider sees it now; null when it does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /** Refunds the whole amount of a succeeded intent; the same key never refunds twice. */
  refund(intentId: string, idempotencyKey: string): Promise<void>;
  /**
   * Verifies a webhook's signature over the raw bytes and reads the event. Throws
   * `WebhookSignatureError` when the signature is missing, wrong or too old.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}

/** What the provider's webhook is told when its signature does not hold. */
export const WEBHOOK_SIGNATURE_FAILED = 'Webhook signature verification failed';

export class WebhookSignatureError extends Error {
  constructor(message = WEBHOOK_SIGNATURE_FAILED) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider could not be reached or answered with a server error: the caller may retry. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}
