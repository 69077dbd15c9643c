import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentIntentStatus, SandboxCard, SandboxConfirmResult } from '../../../shared/contract/payments';
import { CARD_MESSAGES } from '../../../shared/contract/cardMessages';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { Forbidden, NotFound } from '../../platform/domainErrors';
import { cardOutcome } from './sandboxCards';
import type { SandboxIntentRow, SandboxRepository } from './sandboxRepository';
import { readWebhookEvent } from './webhookEvent';
import { verifyStripeSignature } from './webhookSignature';
import { sameSecret } from '../../platform/sameSecret';
import {
  WebhookSignatureError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './provider';

type Deps = {
  repo: SandboxRepository;
  /** Signs and checks the sandbox's webhook events (derived from the server's secret). */
  webhookSecret: string;
  /** How long after a payment its event is delivered (a webhook's delay); tests stretch it. */
  eventDelayMs: number;
  log: FastifyBaseLogger;
  now?: () => number;
};
export type SandboxProvider = PaymentProvider & ReturnType<typeof sandboxExtras>;

const randomId = (bytes: number) => crypto.randomBytes(bytes).toString('base64url').replace(/[-_]/g, '');
/** Retries of an event whose handler failed, as Stripe retries a webhook that did not answer 2xx. */
const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000];

const toIntent = (row: SandboxIntentRow): ProviderIntent => ({
  id: row.id,
  status: row.status as PaymentIntentStatus,
  amountCents: row.amount_cents,
  currency: row.currency,
  metadata: row.metadata,
  clientSecret: row.client_secret,
});

/** A payment intent as Stripe's API and webhooks show it (the sandbox's events use the same shape). */
type StripeShapedIntent = {
  id: string;
  object: 'payment_intent';
  status: PaymentIntentStatus;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  client_secret: string;
};
const fromStripeShape = (o: StripeShapedIntent): ProviderIntent => ({
  id: String(o.id),
  status: o.status,
  amountCents: Number(o.amount),
  currency: String(o.currency),
  metadata: o.metadata ?? {},
  clientSecret: String(o.client_secret ?? ''),
});

/**
 * The default payment provider: Stripe-shaped intents kept in our own database, Stripe's test cards,
 * an authentication page for the card that asks for it, and `payment_intent.succeeded` events
 * delivered to the shop like webhooks (after a delay, retried when the handler fails).
 */
export function createSandboxProvider(deps: Deps): SandboxProvider {
  const { repo } = deps;
  const provider: PaymentProvider = {
    kind: 'sandbox',
    publishableKey: null,

    async createIntent(input: CreateIntentInput) {
      const id = `pi_sbx_${randomId(18)}`;
      const row = await repo.create({
        id,
        client_secret: `${id}_secret_${randomId(18)}`,
        idempotency_key: input.idempotencyKey,
        amount_cents: input.amountCents,
        currency: input.currency,
        metadata: input.metadata,
        description: input.description,
      });
      // As Stripe: the same key with other parameters is a mistake, not a new intent.
      if (row.amount_cents !== input.amountCents)
        throw new Error(
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        );
      return toIntent(row);
    },

    async retrieveIntent(id: string) {
      const row = await repo.byId(id);
      return row ? toIntent(row) : null;
    },

    async refund(intentId: string, idempotencyKey: string) {
      const row = await repo.byId(intentId);
      if (!row) throw new Error(`No such payment_intent: '${intentId}'`);
      if (row.refunded_at) return; // refunded before: the same refund
      if (row.status !== 'succeeded')
        throw new Error('This PaymentIntent does not have a successful charge to refund.');
      await repo.refund(intentId, idempotencyKey);
    },

    verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
      if (!verifyStripeSignature(rawBody, signature, deps.webhookSecret, (deps.now ?? Date.now)()))
        throw new WebhookSignatureError();
      const event = readWebhookEvent(JSON.parse(rawBody.toString('utf8')));
      return {
        id: event.id,
        type: event.type,
        intent: event.intent && fromStripeShape(event.intent as StripeShapedIntent),
      };
    },
  };
  return Object.assign(provider, sandboxExtras(deps));
}

/** What only the sandbox has: the card form's confirmation, the authentication page, event delivery. */
function sandboxExtras(deps: Deps) {
  const { repo, log } = deps;
  let handler: ((event: ProviderEvent) => Promise<void>) | null = null;
  const timers = new Set<NodeJS.Timeout>();

  function deliver(intent: SandboxIntentRow, attempt = 0): void {
    const delay = attempt === 0 ? deps.eventDelayMs : RETRY_DELAYS_MS[attempt - 1]!;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const event: ProviderEvent = {
        id: `evt_sbx_${intent.id}_succeeded`,
        type: 'payment_intent.succeeded',
        intent: toIntent(intent),
      };
      (handler ? handler(event) : Promise.resolve()).catch((err: unknown) => {
        log.warn({ err, intentId: intent.id, attempt }, 'sandbox payment event failed; will retry');
        if (attempt < RETRY_DELAYS_MS.length) deliver(intent, attempt + 1);
      });
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  async function succeeded(row: SandboxIntentRow): Promise<void> {
    const fresh = await repo.byId(row.id);
    if (fresh) deliver(fresh);
  }

  /** The intent behind a client secret, if it is this user's. */
  async function intentFor(clientSecret: string, userId: number): Promise<SandboxIntentRow> {
    const row = await repo.byClientSecret(clientSecret);
    if (!row) throw new NotFound(ORDER_MESSAGES.unknownPayment);
    if (row.metadata.user_id !== String(userId)) throw new Forbidden(ORDER_MESSAGES.notYourPayment);
    return row;
  }

  const result = (
    row: SandboxIntentRow,
    status: PaymentIntentStatus,
    extra: Partial<SandboxConfirmResult> = {},
  ): SandboxConfirmResult => ({ paymentIntentId: row.id, status, error: null, next_action: null, ...extra });

  return {
    /** Subscribes the shop to the sandbox's payment events (its webhook, in process). */
    onEvent(h: (event: ProviderEvent) => Promise<void>) {
      handler = h;
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },

    /** The card form's "Confirm and Pay": Stripe's test-card rules decide what happens. */
    async confirm(
      userId: number,
      clientSecret: string,
      card: SandboxCard,
      authenticateUrl: (row: SandboxIntentRow) => string,
    ): Promise<SandboxConfirmResult> {
      const row = await intentFor(clientSecret, userId);
      if (row.status === 'succeeded') {
        return result(row, 'succeeded', {
          error: { type: 'card_error', code: 'payment_intent_unexpected_state', message: CARD_MESSAGES.alreadyPaid },
        });
      }
      const outcome = cardOutcome(card, new Date((deps.now ?? Date.now)()));
      const open = ['requires_payment_method', 'requires_action'];
      switch (outcome.kind) {
        case 'invalid':
          return result(row, row.status as PaymentIntentStatus, {
            error: { type: 'validation_error', code: outcome.code, message: outcome.message },
          });
        case 'declined':
          await repo.transition(row.id, open, {
            status: 'requires_payment_method',
            last_error_code: outcome.declineCode,
          });
          return result(row, 'requires_payment_method', {
            error: {
              type: 'card_error',
              code: outcome.code,
              decline_code: outcome.declineCode,
              message: outcome.message,
            },
          });
        case 'authenticate':
          await repo.transition(row.id, open, { status: 'requires_action', last_error_code: null });
          return result(row, 'requires_action', { next_action: { redirect_url: authenticateUrl(row) } });
        case 'succeed': {
          if (
            !(await repo.transition(row.id, open, {
              status: 'succeeded',
              card_last4: outcome.last4,
              last_error_code: null,
            }))
          ) {
            return result(row, 'succeeded', {
              error: {
                type: 'card_error',
                code: 'payment_intent_unexpected_state',
                message: CARD_MESSAGES.alreadyPaid,
              },
            });
          }
          await succeeded(row);
          return result(row, 'succeeded');
        }
      }
    },

    /** The intent a pending authentication is for (the page checks its client secret). */
    async pendingAuthentication(intentId: string, clientSecret: string): Promise<SandboxIntentRow | undefined> {
      const row = await repo.byId(intentId);
      if (!row || !sameSecret(clientSecret, row.client_secret)) return undefined;
      return row;
    },

    /** The authentication page's Complete or Fail. Answers the intent's status afterwards. */
    async authenticate(row: SandboxIntentRow, complete: boolean): Promise<PaymentIntentStatus> {
      if (complete) {
        if (
          await repo.transition(row.id, ['requires_action'], {
            status: 'succeeded',
            card_last4: '3155',
            last_error_code: null,
          })
        )
          await succeeded(row);
      } else {
        await repo.transition(row.id, ['requires_action'], {
          status: 'requires_payment_method',
          last_error_code: 'payment_intent_authentication_failure',
        });
      }
      return ((await repo.byId(row.id))?.status ?? row.status) as PaymentIntentStatus;
    },
  };
}
