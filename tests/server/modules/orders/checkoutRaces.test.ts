// @databases postgres: a race needs concurrent sessions; PGlite has one
import type { Kysely } from 'kysely';
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import type { DB } from '../../../../src/server/db/schema';
import type { Repositories } from '../../../../src/server/repositories';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createCheckoutService } from '../../../../src/server/modules/orders/checkoutService';
import { createSandboxProvider } from '../../../../src/server/modules/payments/sandboxProvider';
import type { UserCaller } from '../../../../src/server/platform/callerIdentity';
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { unitOfWorkWith } from '../../../utils/races';
import type { TestApp } from '../../../utils/testApp';

/**
 * Checkout under bursts on PostgreSQL (PGlite runs one statement at a time, so nothing races there):
 * 200 paid buyers for 20 seats get exactly 20 orders and 180 refunds; 50 voucher orders on a
 * one-use coupon redeem it once; the browser and the webhook settling one intent together make one
 * order. Each guard has a control that takes it out and shows the race it prevents; the last one's
 * guard (the checkout's lock) is taken out in orderPerIntentRaces.test.ts, under 20 calls at once.
 */
const BUYERS = 200;
const CAPACITY = 20;
const VOUCHER_BUYERS = 50;
const PAIRS = 20;

let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  // The sandbox's own event delivery is held back, so the burst (or the test's webhook) makes the orders.
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
  await importCatalog(t.database.db, {
    events: [
      { path: 'race-twenty', title: 'Twenty seats', isPremium: true, price: 40, capacity: CAPACITY },
      { path: 'race-twenty-control', title: 'Twenty seats (control)', isPremium: true, price: 40, capacity: CAPACITY },
      // One event per voucher buyer: a shared event's row (takeSeat's update) would queue them all, and
      // hide whether the coupon's own lock does its work.
      ...Array.from({ length: VOUCHER_BUYERS }, (_, i) => ({
        path: `race-voucher-${i}`,
        title: `Voucher ${i}`,
        isPremium: true,
        price: 12,
      })),
      // The same for the browser/webhook pairs: only the two calls of one pair should meet.
      ...Array.from({ length: PAIRS }, (_, i) => ({
        path: `race-pair-${i}`,
        title: `Pair ${i}`,
        isPremium: true,
        price: 25.5,
      })),
    ],
    coupons: [
      { code: 'ONCE', kind: 'percent', percentOff: 100, maxRedemptions: 1 },
      { code: 'ONCE-CONTROL', kind: 'percent', percentOff: 100, maxRedemptions: 1 },
    ],
  });
  const rows = await t.database.db
    .selectFrom('events')
    .select(['id', 'path'])
    .where('path', 'like', 'race-%')
    .execute();
  for (const r of rows) ids[r.path] = r.id;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** Runs `work` over `items`, `width` at a time (setting up hundreds of users at once only floods the pool). */
async function inBatches<T, R>(items: T[], width: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += width)
    out.push(...(await Promise.all(items.slice(i, i + width).map((item, k) => work(item, i + k)))));
  return out;
}

/** `n` signed-up users, each with `path` (or `path(i)`) in the cart, and `coupon` applied. */
function buyers(n: number, path: string | ((i: number) => string), label: string, coupon?: string): Promise<Who[]> {
  return inBatches(Array.from({ length: n }), 25, async (_, i) => {
    const who = await d.user(`${label}${i}`);
    const added = await d.add(who, { asset_id: ids[typeof path === 'string' ? path : path(i)] });
    if (added.statusCode !== 200) throw new Error(`add: ${added.body}`);
    if (coupon) {
      const applied = await d.apply(who, { coupon_code: coupon });
      if (applied.statusCode !== 200) throw new Error(`coupon: ${applied.body}`);
    }
    return who;
  });
}

/** Each buyer's intent, paid with 4242, all before any order is placed (a sold-out event gets no intent). */
const paidBuyers = async (n: number, path: string | ((i: number) => string), label: string) =>
  inBatches(await buyers(n, path, label), 25, async (who) => ({ who, intent: await c.paidIntent(who) }));

const asCaller = (who: Who): UserCaller => ({
  kind: 'user',
  userId: who.userId!,
  email: `${who.label}@example.com`,
  name: who.label,
});

/**
 * The checkout service over a unit of work whose `key` repository is changed: the control's guard
 * taken out. `withoutLineLock` also takes out the event row's lock placeOrder takes first (the
 * waiting line's, waitlist lockLine), itself a guard that queues the buyers of one event.
 */
function checkoutWith<K extends keyof Repositories>(
  key: K,
  change: (repo: Repositories[K], db: Kysely<DB>) => Partial<Repositories[K]>,
  withoutLineLock = false,
) {
  const changed = unitOfWorkWith(t.database, key, change);
  const unlocked = (repos: Repositories): Repositories =>
    withoutLineLock ? { ...repos, waitlist: { ...repos.waitlist, lockLine: async () => undefined } } : repos;
  const uow: typeof changed = {
    repos: unlocked(changed.repos),
    transaction: (work) => changed.transaction((repos) => work(unlocked(repos))),
  };
  const provider = createSandboxProvider({
    repo: uow.repos.sandbox,
    webhookSecret: 'control-webhook-secret',
    eventDelayMs: 600_000,
    log: t.app.log,
  });
  return createCheckoutService({ uow, provider, log: t.app.log, confirmOrder: async () => {}, liveMinutes: 240 });
}

const soldOf = async (path: string) =>
  (await db().selectFrom('events').select('sold').where('id', '=', ids[path]!).executeTakeFirstOrThrow()).sold;
const ordersFor = async (path: string) =>
  Number(
    (
      await db()
        .selectFrom('order_items')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('event_id', '=', ids[path]!)
        .executeTakeFirstOrThrow()
    ).n,
  );
const redemptionsOf = async (code: string) =>
  Number(
    (
      await db()
        .selectFrom('coupon_redemptions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('coupon_code', '=', code)
        .executeTakeFirstOrThrow()
    ).n,
  );
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('200 paid buyers, 20 seats', () => {
  it('through HTTP, all at once: exactly 20 orders, 180 refused with 409 and refunded, no 5xx', async () => {
    const paid = await paidBuyers(BUYERS, 'race-twenty', 'seat');
    expect(await soldOf('race-twenty')).toBe(0);

    const answers = await Promise.all(paid.map(({ who, intent }) => c.cardOrder(who, intent.id)));

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAPACITY);
    const refused = paid.filter((_, i) => answers[i]!.statusCode !== 200);
    expect(refused).toHaveLength(BUYERS - CAPACITY);
    expect(
      new Set(answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().message}`)),
    ).toEqual(new Set([`409 ${ORDER_MESSAGES.soldOutRefunded}`]));
    expect(await soldOf('race-twenty')).toBe(CAPACITY);
    expect(await ordersFor('race-twenty')).toBe(CAPACITY);

    // Every refused buyer's payment was refunded, and its checkout says so.
    const refusedIntents = refused.map((r) => r.intent.id);
    const intents = await db()
      .selectFrom('sandbox_intents')
      .select(['id', 'refunded_at'])
      .where('id', 'in', refusedIntents)
      .execute();
    expect(intents.filter((i) => i.refunded_at !== null)).toHaveLength(BUYERS - CAPACITY);
    const checkouts = await db()
      .selectFrom('checkouts')
      .select(['payment_intent_id', 'status'])
      .where('payment_intent_id', 'in', refusedIntents)
      .execute();
    expect(checkouts.map((k) => k.status)).toEqual(Array(BUYERS - CAPACITY).fill('refunded'));
    // …and the 20 who got a seat were not.
    const winners = paid.filter((_, i) => answers[i]!.statusCode === 200).map((w) => w.intent.id);
    expect(
      await db()
        .selectFrom('sandbox_intents')
        .select('id')
        .where('id', 'in', winners)
        .where('refunded_at', 'is not', null)
        .execute(),
    ).toEqual([]);
  }, 180_000);

  it('control: with takeSeat a plain read-then-write (and no line lock), the same burst oversells', async () => {
    const paid = await paidBuyers(BUYERS, 'race-twenty-control', 'oversold');
    const unguarded = checkoutWith(
      'orders',
      (_repo, trx) => ({
        async takeSeat(eventId: number) {
          const row = await trx
            .selectFrom('events')
            .select(['sold', 'capacity'])
            .where('id', '=', eventId)
            .executeTakeFirstOrThrow();
          if (row.capacity !== null && row.sold >= row.capacity) return false;
          await trx
            .updateTable('events')
            .set((eb) => ({ sold: eb('sold', '+', 1) }))
            .where('id', '=', eventId)
            .execute();
          return true;
        },
      }),
      true,
    );

    await Promise.allSettled(
      paid.map(({ who, intent }) =>
        unguarded.createCartOrder(asCaller(who), {
          userId: who.userId!,
          paymentMethod: 'stripe',
          paymentIntentId: intent.id,
        }),
      ),
    );

    expect(await ordersFor('race-twenty-control')).toBeGreaterThan(CAPACITY);
    expect(await soldOf('race-twenty-control')).toBeGreaterThan(CAPACITY);
  }, 180_000);
});

describe('a one-use coupon covering the whole cart, in 50 carts', () => {
  const voucherOrder = (who: Who) => c.order(who, { paymentMethod: 'vouchers', amount: 0 });

  it('50 voucher orders at once: exactly 1 order and 1 redemption, the other 49 refused with 409', async () => {
    const who = await buyers(VOUCHER_BUYERS, (i) => `race-voucher-${i}`, 'once', 'ONCE');

    const answers = await Promise.all(who.map(voucherOrder));

    expect(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.orderId)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().message}`);
    expect(refused).toEqual(Array(VOUCHER_BUYERS - 1).fill(`409 ${CART_MESSAGES.invalidCoupon}`));
    expect(await redemptionsOf('ONCE')).toBe(1);
    expect(await db().selectFrom('orders').select('id').where('coupon_code', '=', 'ONCE').execute()).toHaveLength(1);
  }, 120_000);

  it('control: with lockForRedemption a plain unlocked read, the same burst redeems it more than once', async () => {
    const who = await buyers(VOUCHER_BUYERS, (i) => `race-voucher-${i}`, 'twice', 'ONCE-CONTROL');
    const unlocked = checkoutWith('coupons', (repo) => ({ lockForRedemption: (code: string) => repo.byCode(code) }));

    await Promise.allSettled(
      who.map((w) =>
        unlocked.createCartOrder(asCaller(w), { userId: w.userId!, paymentMethod: 'vouchers', amount: 0 }),
      ),
    );

    expect(await redemptionsOf('ONCE-CONTROL')).toBeGreaterThan(1);
  }, 120_000);
});

it("the browser's createCartOrder and the webhook for the same intent at the same moment (20 pairs): one order per intent", async () => {
  const paid = await paidBuyers(PAIRS, (i) => `race-pair-${i}`, 'pair');

  const answers = await Promise.all(
    paid.map(async ({ who, intent }, i) => {
      const event = { id: intent.id, status: 'succeeded', amount: 2550, metadata: { user_id: String(who.userId) } };
      // The webhook's way in is a little longer (signature, the seen-event check), so the browser's call
      // starts 0–4 ms after it: across the pairs, some meet inside the transaction itself.
      const [browser, webhook] = await Promise.all([
        pause(i % 5).then(() => c.cardOrder(who, intent.id)),
        c.webhook('payment_intent.succeeded', event),
      ]);
      return { who, intent, browser, webhook };
    }),
  );

  expect(answers.map((a) => `${a.browser.statusCode} ${a.webhook.statusCode}`)).toEqual(Array(PAIRS).fill('200 200'));
  for (const { intent, browser } of answers) {
    const orders = await db()
      .selectFrom('orders')
      .select('order_ref')
      .where('payment_intent_id', '=', intent.id)
      .execute();
    expect(orders).toEqual([{ order_ref: browser.json().data.orderId }]);
    const checkout = await db()
      .selectFrom('checkouts')
      .select('status')
      .where('payment_intent_id', '=', intent.id)
      .executeTakeFirstOrThrow();
    expect(checkout.status).toBe('ordered');
  }
  const byUser = await db()
    .selectFrom('orders')
    .select('user_id')
    .where(
      'user_id',
      'in',
      paid.map((p) => p.who.userId!),
    )
    .execute();
  expect(byUser).toHaveLength(PAIRS);
}, 120_000);
