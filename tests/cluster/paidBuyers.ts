import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { signTestToken } from '../utils/signToken';

/** A demo event on sale without a seat limit, for steady traffic and buyers that never sell it out. */
export async function anOpenPremiumEvent(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('events')
    .select('id')
    .where('is_premium', '=', true)
    .where('capacity', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A signed-in buyer whose card payment went through and who has not asked for the order yet. */
export type PaidBuyer = { userId: number; token: string; paymentIntentId: string };

type Json = { success?: boolean; message?: string; data?: any };

async function call(url: string, token: string, path: string, body?: object) {
  const res = await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  let json: Json = {};
  try {
    json = JSON.parse(text) as Json;
  } catch {
    // nginx's own HTML page (a 502)
  }
  return { status: res.status, json, text };
}

/**
 * `n` buyers who go as far as the browser does before the order (cart → payment intent → sandbox card
 * 4242 confirmed): paid for, with nothing yet to show for it.
 */
export async function buyersWhoPaid(url: string, database: Database, eventId: number, n: number): Promise<PaidBuyer[]> {
  const tag = `paid-${Date.now()}`;
  const { rows } = await sql<{ id: number }>`
    insert into users (email, first_name, last_name, verified)
    select ${tag} || '-' || i || '@example.com', 'Paid', i::text, true from generate_series(1, ${n}) as i
    returning id`.execute(database.db);
  return Promise.all(
    rows.map(async ({ id: userId }) => {
      const token = signTestToken({
        kind: 'user',
        sub: String(userId),
        userId,
        name: `Paid ${userId}`,
        email: `${tag}-${userId}@example.com`,
      });
      const step = async (name: string, path: string, body?: object) => {
        const res = await call(url, token, path, body);
        if (res.status !== 200)
          throw new Error(`buyer ${userId}: ${name} answered ${res.status} ${res.text.slice(0, 200)}`);
        return res.json;
      };
      await step('cart', '/v1/cart', { asset_id: eventId });
      const cart = await step('cart read', '/v1/cart');
      const amount = Math.round((cart.data as { totals: { grandTotal: number } }).totals.grandTotal * 100);
      const intent = await step('intent', '/v1/order/createPaymentIntent', { amount, userId });
      const { paymentIntentId, client_secret } = intent.data as { paymentIntentId: string; client_secret: string };
      const confirmed = await step('confirm', '/v1/payments/sandbox/confirm', {
        client_secret,
        card: {
          number: '4242 4242 4242 4242',
          exp_month: 12,
          exp_year: (new Date().getUTCFullYear() % 100) + 2,
          cvc: '123',
        },
        return_url: '/order-confirmation/1',
      });
      if ((confirmed.data as { status?: string }).status !== 'succeeded')
        throw new Error(`buyer ${userId}: the sandbox card was not taken: ${JSON.stringify(confirmed)}`);
      return { userId, token, paymentIntentId };
    }),
  );
}

/** The browser's last step, createCartOrder for the paid intent: its status and sentence. */
export async function askForOrder(url: string, buyer: PaidBuyer): Promise<{ status: number; message: string }> {
  try {
    const res = await call(url, buyer.token, '/v1/order/createCartOrder', {
      userId: buyer.userId,
      paymentMethod: 'stripe',
      paymentIntentId: buyer.paymentIntentId,
      status: 'Active',
      usageType: 'Paid',
      isActive: 1,
    });
    return { status: res.status, message: res.json.message ?? res.text.slice(0, 160) };
  } catch (err) {
    return { status: 0, message: String((err as Error).cause ?? err) };
  }
}

/** Each buyer's checkout status and order count in the database (a paid one must end 'ordered' with 1 order). */
export async function whatTheyHave(
  database: Database,
  buyers: PaidBuyer[],
): Promise<{ userId: number; checkouts: string[]; orders: number }[]> {
  const ids = buyers.map((b) => b.userId);
  const checkouts = await database.db
    .selectFrom('checkouts')
    .select(['user_id', 'status'])
    .where('user_id', 'in', ids)
    .execute();
  const orders = await database.db.selectFrom('orders').select('user_id').where('user_id', 'in', ids).execute();
  return ids.map((userId) => ({
    userId,
    checkouts: checkouts.filter((c) => c.user_id === userId).map((c) => c.status),
    orders: orders.filter((o) => o.user_id === userId).length,
  }));
}
