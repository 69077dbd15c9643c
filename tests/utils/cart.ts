import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';
import { importCatalog } from '../../src/server/modules/catalog/importer';
import { signInDriver } from './identity';
import { createTestApp } from './testApp';

/** Events and coupons with known prices and rules, loaded through the real importer. */
const CART_FIXTURE = {
  events: [
    {
      path: 'cart-a',
      title: 'Cart A',
      venueDescription: 'Hall A',
      isPremium: true,
      price: 10,
      airStartDate: '2027-01-10T20:00:00Z',
      posterPath: '/media/posters/a.svg',
    },
    { path: 'cart-b', title: 'Cart B', venueDescription: 'Hall B', isPremium: true, price: 25.5 },
    { path: 'cart-c', title: 'Cart C', isPremium: true, price: 0.99 },
    { path: 'cart-free', title: 'Cart Free', isPremium: false },
    { path: 'cart-few', title: 'Cart Few', isPremium: true, price: 30, capacity: 2 },
    ...Array.from({ length: 8 }, (_, i) => ({
      path: `cart-extra-${i}`,
      title: `Extra ${i}`,
      isPremium: true,
      price: 5 + i,
    })),
  ],
  coupons: [
    { code: 'PCT25', kind: 'percent', percentOff: 25 },
    { code: 'FIX5', kind: 'fixed', amountOff: 5 },
    { code: 'FIX100', kind: 'fixed', amountOff: 100 },
    { code: 'HALFB', kind: 'percent', percentOff: 50, event: 'cart-b' },
    { code: 'FIXB30', kind: 'fixed', amountOff: 30, event: 'cart-b' },
    { code: 'LATER', kind: 'percent', percentOff: 10, startsAt: '2099-01-01T00:00:00Z' },
    { code: 'GONE', kind: 'percent', percentOff: 10, startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' },
    { code: 'TWICE', kind: 'percent', percentOff: 20, maxRedemptions: 2 },
    { code: 'MINE1', kind: 'fixed', amountOff: 2, perUserLimit: 1 },
  ],
};

export type CartFixture = { ids: Record<string, number> };

export async function loadCartFixture(db: Kysely<DB>): Promise<CartFixture> {
  await importCatalog(db, CART_FIXTURE);
  const rows = await db.selectFrom('events').select(['id', 'path']).where('path', 'like', 'cart-%').execute();
  return { ids: Object.fromEntries(rows.map((r) => [r.path, r.id])) };
}

/** A caller: their token, and the address they call from (each guest and user has their own, as in life). */
export type Who = { authorization?: string; userId?: number; label: string; address?: string };

/** A test app with the cart fixture loaded and a driver for it (one per test file). */
export async function cartTestApp(options: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(options);
  const { ids } = await loadCartFixture(t.database.db);
  return { t, ids, d: cartDriver(t.app) };
}

/** Drives the cart API as browsers would: real guest tokens, real signed-up users. */
export function cartDriver(app: FastifyInstance) {
  const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
    app.inject({
      method,
      url: `/v1${url}`,
      headers: who.authorization ? { authorization: who.authorization } : {},
      ...(who.address ? { remoteAddress: who.address } : {}),
      ...(payload ? { payload } : {}),
    });
  let n = 0;
  return {
    send,
    async guest(label = 'guest'): Promise<Who> {
      const address = `10.9.${(n += 1) % 250}.${Math.floor(n / 250)}`;
      const res = await app.inject({ url: '/v1/token/guest', remoteAddress: address });
      return { label, authorization: `Bearer ${res.json().data}`, address };
    },
    async user(label = 'user'): Promise<Who> {
      const address = `10.8.${(n += 1) % 250}.1`;
      const u = await signInDriver(app, address).signUp(`${label}-${Date.now()}-${n}@example.com`);
      return { label, authorization: u.auth.authorization, userId: u.userId, address };
    },
    get: (who: Who, query = '') => send('GET', `/cart${query}`, who),
    add: (who: Who, body: object) => send('POST', '/cart', who, body),
    remove: (who: Who, body: object) => send('POST', '/cart/remove', who, body),
    merge: (who: Who, body: object) => send('POST', '/cart/merge', who, body),
    apply: (who: Who, body: object) => send('POST', '/order/applyVoucher', who, body),
    unapply: (who: Who, body: object) => send('POST', '/order/removeVoucher', who, body),
    byId: (who: Who, id: number) => send('GET', `/cart/${id}`, who),
  };
}

/** Gives `userId` an Active order for the events: what checkout does, done directly. */
export async function giveOrder(db: Kysely<DB>, userId: number, eventIds: number[]): Promise<void> {
  const order = await db
    .insertInto('orders')
    .values({
      order_ref: `TEST-${userId}-${Date.now()}-${Math.random()}`,
      user_id: userId,
      payment_method: 'vouchers',
      amount_cents: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_items')
    .values(eventIds.map((event_id) => ({ order_id: order.id, event_id, price_cents: 0 })))
    .execute();
}

/** Records a redemption of `code` by `userId`, as an order would. */
export async function redeem(db: Kysely<DB>, code: string, userId: number): Promise<void> {
  await db.insertInto('coupon_redemptions').values({ coupon_code: code, user_id: userId }).execute();
}
