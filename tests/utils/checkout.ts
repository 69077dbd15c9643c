import type { FastifyInstance } from 'fastify';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import { signStripePayload } from '../../src/server/modules/payments/webhookSignature';
import type { Who } from './cart';

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authenticate: '4000 0025 0000 3155',
  badLuhn: '4242 4242 4242 4241',
} as const;

const nextYear = (new Date().getUTCFullYear() % 100) + 2;

/** Drives checkout as the browser does: intent, the sandbox card form, the order; and the sandbox's webhook. */
export function checkoutDriver(app: FastifyInstance, jwtSecret: string) {
  const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
    app.inject({
      method,
      url,
      headers: who.authorization ? { authorization: who.authorization } : {},
      ...(payload ? { payload } : {}),
    });
  const webhookSecret = deriveKeys(jwtSecret).sandboxWebhook;

  const driver = {
    /** The cart's total in cents, as the checkout page computes it from the cart. */
    async totalCents(who: Who): Promise<number> {
      const cart = (await send('GET', '/v1/cart', who)).json().data;
      return Math.round(cart.totals.grandTotal * 100);
    },
    intent: (who: Who, amount: number, userId = who.userId) =>
      send('POST', '/v1/order/createPaymentIntent', who, { amount, userId }),
    confirm: (
      who: Who,
      clientSecret: string,
      number: string = CARDS.visa,
      more: Partial<{ exp_month: number; exp_year: number; cvc: string; return_url: string }> = {},
    ) =>
      send('POST', '/v1/payments/sandbox/confirm', who, {
        client_secret: clientSecret,
        card: { number, exp_month: more.exp_month ?? 12, exp_year: more.exp_year ?? nextYear, cvc: more.cvc ?? '123' },
        return_url: more.return_url ?? '/order-confirmation/1',
      }),
    order: (who: Who, body: object) => send('POST', '/v1/order/createCartOrder', who, { userId: who.userId, ...body }),
    cardOrder: (who: Who, paymentIntentId: string, more: object = {}) =>
      driver.order(who, {
        paymentMethod: 'stripe',
        paymentIntentId,
        status: 'Active',
        usageType: 'Paid',
        isActive: 1,
        ...more,
      }),
    lookup: (who: Who, filter: object, sortBy?: string) =>
      send(
        'GET',
        `/v1/order?filter=${encodeURIComponent(JSON.stringify(filter))}${sortBy ? `&sortBy=${encodeURIComponent(sortBy)}` : ''}`,
        who,
      ),
    history: (who: Who, userId = who.userId, page = '') =>
      send('GET', `/v1/order/history?userId=${userId}${page}`, who),
    /** The order page's read (docs/behaviour.md §7 GET /cart/{id}): an ordered cart, its owner only. */
    details: (who: Who, cartId: number) => send('GET', `/v1/cart/${cartId}`, who),

    /** An intent for the cart's total, paid with `card`: answers the intent id and client secret. */
    async paidIntent(who: Who, card: string = CARDS.visa): Promise<{ id: string; secret: string }> {
      const intent = await driver.intent(who, await driver.totalCents(who));
      if (intent.statusCode !== 200) throw new Error(`intent: ${intent.statusCode} ${intent.body}`);
      const { paymentIntentId: id, client_secret: secret } = intent.json().data;
      const confirmed = await driver.confirm(who, secret, card);
      if (confirmed.json().data.status !== 'succeeded') throw new Error(`confirm: ${confirmed.body}`);
      return { id, secret };
    },

    /** A webhook event for the intent, signed as the sandbox signs them (or with `secret`). */
    webhook(
      type: string,
      intent: { id: string; status: string; amount: number; metadata: Record<string, string> },
      options: { eventId?: string; secret?: string; nowMs?: number } = {},
    ) {
      const payload = JSON.stringify({
        id: options.eventId ?? `evt_test_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        data: {
          object: { object: 'payment_intent', currency: 'usd', client_secret: `${intent.id}_secret_x`, ...intent },
        },
      });
      const signature = signStripePayload(payload, options.secret ?? webhookSecret, options.nowMs ?? Date.now());
      return app.inject({
        method: 'POST',
        url: '/v1/payments/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    },
  };
  return driver;
}
