import { sql } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { cardOrderBody, fetchCall, purchased, sandboxPurchase } from '../utils/sandboxPurchase';
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
      const paid = await sandboxPurchase(fetchCall(url, token), { userId, eventId, until: 'paid' });
      const { paymentIntentId } = purchased(paid, `buyer ${userId}`);
      return { userId, token, paymentIntentId };
    }),
  );
}

/** The browser's last step, createCartOrder for the paid intent: its status and sentence. */
export async function askForOrder(url: string, buyer: PaidBuyer): Promise<{ status: number; message: string }> {
  try {
    const res = await fetchCall(
      url,
      buyer.token,
    )({
      step: 'order',
      method: 'POST',
      path: '/v1/order/createCartOrder',
      body: cardOrderBody(buyer.userId, buyer.paymentIntentId),
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
