/**
 * The card purchase as the checkout page makes it through the local payment sandbox (the stand-in for
 * Stripe's test mode): the event into the cart, the cart's total read, a payment intent for that
 * total, the card confirmed on the sandbox's form, the order placed. Written once for every suite:
 * each speaks HTTP through its own `call` (`app.inject` in the API suites, fetch against a running
 * server in the journeys, the cluster suite and the benches), and decides itself what a refusal means.
 */

/** The sandbox's test cards (Stripe's numbers): what each one does is the sandbox's rule. */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authenticate: '4000 0025 0000 3155',
  badLuhn: '4242 4242 4242 4241',
} as const;

/** A step of the purchase, as refusals and timings name it. */
type PurchaseStep = 'cart' | 'cart read' | 'intent' | 'confirm' | 'order';

export type Envelope = { success?: boolean; message?: string; data?: any };
/** An answer: its status, its envelope ({} when the body is not JSON, e.g. nginx's 502 page) and its text. */
type Answer = { status: number; json: Envelope; text: string };
type PurchaseRequest = { step: PurchaseStep; method: 'GET' | 'POST'; path: string; body?: object };
/** One HTTP call of the purchase, made as the caller's buyer (its token is the call's business). */
export type PurchaseCall = (request: PurchaseRequest) => Promise<Answer>;

export type Purchase =
  | {
      ok: true;
      paymentIntentId: string;
      clientSecret: string;
      amountCents: number;
      /** The order's answer (a 200), or null when the purchase stopped before it (`until`). */
      order: Answer | null;
    }
  /** The step that refused and its answer (at 'cart read', a cart with nothing to pay by card). */
  | { ok: false; step: PurchaseStep; answer: Answer };

/** The envelope in an answer's text, or {} when it holds none. */
export function envelopeOf(text: string): Envelope {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return {};
  }
}

const nextYear = (new Date().getUTCFullYear() % 100) + 2;

/** The body the sandbox's card form posts to /v1/payments/sandbox/confirm. */
export function sandboxCardBody(
  clientSecret: string,
  number: string = CARDS.visa,
  more: Partial<{ exp_month: number; exp_year: number; cvc: string; return_url: string }> = {},
) {
  return {
    client_secret: clientSecret,
    card: { number, exp_month: more.exp_month ?? 12, exp_year: more.exp_year ?? nextYear, cvc: more.cvc ?? '123' },
    return_url: more.return_url ?? '/order-confirmation/1',
  };
}

/** The body the page posts to createCartOrder for a paid intent (src/client/features/cart/cartApi.ts). */
export function cardOrderBody(userId: number | undefined, paymentIntentId: string, more: object = {}) {
  return {
    userId,
    paymentMethod: 'stripe',
    paymentIntentId,
    status: 'Active',
    usageType: 'Paid',
    isActive: 1,
    ...more,
  };
}

/**
 * The purchase, step by step; the first refusal ends it. `eventId` is put into the cart first (else
 * the cart is paid as it stands); `amountCents` is the total when the caller knows it already (else
 * the cart is read, as the checkout page reads it); `until` stops at the intent (unconfirmed) or once
 * paid, before the order.
 */
export async function sandboxPurchase(
  call: PurchaseCall,
  o: {
    userId: number | undefined;
    eventId?: number;
    amountCents?: number;
    card?: string;
    until?: 'intent' | 'paid' | 'ordered';
  },
): Promise<Purchase> {
  const refused = (step: PurchaseStep, answer: Answer) => ({ ok: false, step, answer }) as const;
  if (o.eventId !== undefined) {
    const added = await call({ step: 'cart', method: 'POST', path: '/v1/cart', body: { asset_id: o.eventId } });
    if (added.status !== 200) return refused('cart', added);
  }
  let amountCents = o.amountCents;
  if (amountCents === undefined) {
    const cart = await call({ step: 'cart read', method: 'GET', path: '/v1/cart' });
    const total = (cart.json.data as { totals?: { grandTotal?: number } } | undefined)?.totals?.grandTotal ?? 0;
    if (cart.status !== 200 || total === 0) return refused('cart read', cart);
    amountCents = Math.round(total * 100);
  }
  const body = { amount: amountCents, userId: o.userId };
  const intent = await call({ step: 'intent', method: 'POST', path: '/v1/order/createPaymentIntent', body });
  if (intent.status !== 200) return refused('intent', intent);
  const { paymentIntentId, client_secret: clientSecret } = intent.json.data as {
    paymentIntentId: string;
    client_secret: string;
  };
  if (o.until === 'intent') return { ok: true, paymentIntentId, clientSecret, amountCents, order: null };
  const card = sandboxCardBody(clientSecret, o.card);
  const confirmed = await call({ step: 'confirm', method: 'POST', path: '/v1/payments/sandbox/confirm', body: card });
  if (confirmed.status !== 200 || (confirmed.json.data as { status?: string } | undefined)?.status !== 'succeeded')
    return refused('confirm', confirmed);
  const paid = { ok: true, paymentIntentId, clientSecret, amountCents } as const;
  if (o.until === 'paid') return { ...paid, order: null };
  const orderBody = cardOrderBody(o.userId, paymentIntentId);
  const order = await call({ step: 'order', method: 'POST', path: '/v1/order/createCartOrder', body: orderBody });
  return order.status === 200 ? { ...paid, order } : refused('order', order);
}

/** The purchase made, or an error naming `who`, the step that refused and its answer. */
export function purchased(purchase: Purchase, who = 'buyer'): Extract<Purchase, { ok: true }> {
  if (!purchase.ok) {
    const { step, answer } = purchase;
    throw new Error(`${who}: ${step} answered ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return purchase;
}

/** A `call` to a running server with fetch, as a browser holding `token` calls it (and `headers`). */
export function fetchCall(baseUrl: string, token: string, headers: Record<string, string> = {}): PurchaseCall {
  return async ({ method, path, body }) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: envelopeOf(text), text };
  };
}
