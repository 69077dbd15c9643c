import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';

export type RushResult = {
  seconds: number;
  outcomes: { ordered: number; refusedBeforePaying: number; refunded: number; other: number };
  /** Every answer ≥ 500, as "step status message". */
  serverErrors: string[];
  /** Answers that fit none of the expected outcomes, for the failure message. */
  unexpected: string[];
};

type Json = { success?: boolean; message?: string; data?: any };

/**
 * `buyers` signed-in buyers (users made in the database, tokens signed with the shop's key) rush one
 * event through the load balancer, `width` at a time, as the browser does: add to cart →
 * createPaymentIntent → sandbox card 4242 → createCartOrder. Each ends ordered, refused before paying
 * (sold out at the cart or the intent), or refunded (paid, but the seats went first).
 */
export async function buyersRush(o: {
  url: string;
  database: Database;
  eventId: number;
  buyers: number;
  width: number;
  token: (userId: number) => string;
}): Promise<RushResult> {
  const tag = `rush-${Date.now()}`;
  const { rows } = await sql<{ id: number }>`
    insert into users (email, first_name, last_name, verified)
    select ${tag} || '-' || n || '@example.com', 'Buyer', n::text, true from generate_series(1, ${o.buyers}) as n
    returning id`.execute(o.database.db);
  const result: RushResult = {
    seconds: 0,
    outcomes: { ordered: 0, refusedBeforePaying: 0, refunded: 0, other: 0 },
    serverErrors: [],
    unexpected: [],
  };

  async function step(name: string, token: string, path: string, body?: object) {
    const res = await fetch(`${o.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json().catch(() => ({}))) as Json;
    if (res.status >= 500) result.serverErrors.push(`${name} ${res.status} ${json.message ?? ''}`);
    return { status: res.status, json };
  }

  async function buy(userId: number) {
    const token = o.token(userId);
    const added = await step('cart', token, '/v1/cart', { asset_id: o.eventId });
    if (added.status === 409) return 'refusedBeforePaying';
    if (added.status !== 200) return `cart ${added.status} ${added.json.message}`;
    const cart = await step('cart read', token, '/v1/cart');
    const amount = Math.round(cart.json.data.totals.grandTotal * 100);
    const intent = await step('intent', token, '/v1/order/createPaymentIntent', { amount, userId });
    if (intent.status === 409) return 'refusedBeforePaying';
    if (intent.status !== 200) return `intent ${intent.status} ${intent.json.message}`;
    const { paymentIntentId, client_secret } = intent.json.data as { paymentIntentId: string; client_secret: string };
    const confirmed = await step('confirm', token, '/v1/payments/sandbox/confirm', {
      client_secret,
      card: {
        number: '4242 4242 4242 4242',
        exp_month: 12,
        exp_year: (new Date().getUTCFullYear() % 100) + 2,
        cvc: '123',
      },
      return_url: '/order-confirmation/1',
    });
    if (confirmed.json.data?.status !== 'succeeded') return `confirm ${confirmed.status} ${confirmed.json.message}`;
    const order = await step('order', token, '/v1/order/createCartOrder', {
      userId,
      paymentMethod: 'stripe',
      paymentIntentId,
      status: 'Active',
      usageType: 'Paid',
      isActive: 1,
    });
    if (order.status === 200) return 'ordered';
    if (order.status === 409) return 'refunded';
    return `order ${order.status} ${order.json.message}`;
  }

  const started = Date.now();
  const ids = rows.map((r) => r.id);
  let next = 0;
  await Promise.all(
    Array.from({ length: o.width }, async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const outcome = await buy(id).catch((err: unknown) => `network ${String(err)}`);
        if (outcome === 'ordered' || outcome === 'refusedBeforePaying' || outcome === 'refunded')
          result.outcomes[outcome] += 1;
        else {
          result.outcomes.other += 1;
          result.unexpected.push(outcome);
        }
      }
    }),
  );
  result.seconds = (Date.now() - started) / 1000;
  return result;
}
