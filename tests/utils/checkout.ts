import type { FastifyInstance } from 'fastify';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import { signStripePayload } from '../../src/server/modules/payments/webhookSignature';
import type { Who } from './cart';
import {
  CARDS,
  cardOrderBody,
  envelopeOf,
  purchased,
  sandboxCardBody,
  sandboxPurchase,
  type PurchaseCall,
} from './sandboxPurchase';

export { CARDS };

/** The sandbox purchase's `call` through `app.inject`, as `who`. */
function injectCall(app: FastifyInstance, who: Who): PurchaseCall {
  return async ({ method, path, body }) => {
    const res = await app.inject({
      method,
      url: path,
      headers: who.authorization ? { authorization: who.authorization } : {},
      ...(body ? { payload: body } : {}),
    });
    return { status: res.statusCode, json: envelopeOf(res.body), text: res.body };
  };
}

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
    ) => send('POST', '/v1/payments/sandbox/confirm', who, sandboxCardBody(clientSecret, number, more)),
    order: (who: Who, body: object) => send('POST', '/v1/order/createCartOrder', who, { userId: who.userId, ...body }),
    cardOrder: (who: Who, paymentIntentId: string, more: object = {}) =>
      driver.order(who, cardOrderBody(who.userId, paymentIntentId, more)),
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
      const paid = await sandboxPurchase(injectCall(app, who), { userId: who.userId, card, until: 'paid' });
      const { paymentIntentId: id, clientSecret: secret } = purchased(paid, who.label);
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
