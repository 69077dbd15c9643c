// @databases postgres: a race needs concurrent sessions; PGlite has one
import type { Kysely } from 'kysely';
import type { DB } from '../../../../src/server/db/schema';
import type { UnitOfWork } from '../../../../src/server/db/unitOfWork';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createCheckoutService, type CheckoutService } from '../../../../src/server/modules/orders/checkoutService';
import { createSandboxProvider } from '../../../../src/server/modules/payments/sandboxProvider';
import { createRepositories, type Repositories } from '../../../../src/server/repositories';
import { cartTestApp, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import type { TestApp } from '../../../utils/testApp';

/**
 * One payment, one order, however many times it is reported at once, on PostgreSQL (PGlite runs one
 * statement at a time): 20 createCartOrder calls for one paid intent make exactly one order, and all
 * 20 are answered with it. The transactions are watched, to show the calls really met: several were
 * open at once, and the checkout's lock let one through at a time. The control takes the guards out
 * (that lock, the owned-event refusal, orders' unique intent) and the same 20 calls make several.
 */
const AT_ONCE = 20;

let t: TestApp;
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
let eventId: number;
beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  // The sandbox's own event delivery is held back: only the test's calls make the order.
  ({ t, d } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
  await importCatalog(t.database.db, {
    events: [{ path: 'race-intent', title: 'One intent', isPremium: true, price: 25.5 }],
  });
  eventId = (await db().selectFrom('events').select('id').where('path', '=', 'race-intent').executeTakeFirstOrThrow())
    .id;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
type Caller = Parameters<CheckoutService['createCartOrder']>[0];
const callerOf = (who: Who): Caller => ({
  kind: 'user',
  userId: who.userId!,
  email: `${who.label}@example.com`,
  name: who.label,
});

/** A buyer with the event in the cart and its intent paid with 4242, no order made yet. */
async function paidBuyer(label: string) {
  const who = await d.user(label);
  expect((await d.add(who, { asset_id: eventId })).statusCode).toBe(200);
  return { who, intent: await c.paidIntent(who) };
}

/**
 * The real unit of work (or one whose repositories `change` alters), watched: how many transactions
 * were open at once, and how many at once were past the checkout's lock. Each is counted until its
 * work returns, before the COMMIT that frees the lock, so one passing the lock just after another's
 * COMMIT is never counted as a second holder.
 */
function watchedUnitOfWork(change: (repos: Repositories, db: Kysely<DB>) => Repositories = (repos) => repos) {
  const now = { open: 0, pastLock: 0 };
  const peak = { open: 0, pastLock: 0 };
  const enter = (key: keyof typeof now) => {
    now[key] += 1;
    peak[key] = Math.max(peak[key], now[key]);
  };
  const uow: UnitOfWork<Repositories> = {
    repos: change(createRepositories(db()), db()),
    transaction: (work) =>
      db()
        .transaction()
        .execute(async (trx) => {
          enter('open');
          let passed = false;
          const repos = change(createRepositories(trx), trx);
          const lock: Repositories['checkouts']['lock'] = async (id) => {
            const row = await repos.checkouts.lock(id);
            passed = true;
            enter('pastLock');
            return row;
          };
          try {
            return await work({ ...repos, checkouts: { ...repos.checkouts, lock } });
          } finally {
            now.open -= 1;
            if (passed) now.pastLock -= 1;
          }
        }),
  };
  return { uow, peak };
}

/** The checkout service over `uow`, as the app builds it, counting the confirmations it sends. */
function checkoutOver(uow: UnitOfWork<Repositories>) {
  const confirmed: number[] = [];
  const provider = createSandboxProvider({
    repo: uow.repos.sandbox,
    webhookSecret: 'race-webhook-secret',
    eventDelayMs: 600_000,
    log: t.app.log,
  });
  const service = createCheckoutService({
    uow,
    provider,
    log: t.app.log,
    confirmOrder: async (orderId) => void confirmed.push(orderId),
    liveMinutes: 240,
  });
  return { service, confirmed };
}

/** The buyer's orders: each buyer here pays one intent, so these are the orders that payment made. */
const ordersOf = (who: Who) =>
  db().selectFrom('orders').select(['order_ref', 'payment_intent_id']).where('user_id', '=', who.userId!).execute();
const soldOf = async () =>
  (await db().selectFrom('events').select('sold').where('id', '=', eventId).executeTakeFirstOrThrow()).sold;

it(`${AT_ONCE} createCartOrder calls for one paid intent at once: one order, every call answered with it`, async () => {
  const { who, intent } = await paidBuyer('one-intent');
  const soldBefore = await soldOf();
  const { uow, peak } = watchedUnitOfWork();
  const { service, confirmed } = checkoutOver(uow);

  const results = await Promise.allSettled(
    Array.from({ length: AT_ONCE }, () =>
      service.createCartOrder(callerOf(who), {
        userId: who.userId!,
        paymentMethod: 'stripe',
        paymentIntentId: intent.id,
      }),
    ),
  );

  const orders = await ordersOf(who);
  expect(orders).toEqual([{ order_ref: expect.any(String), payment_intent_id: intent.id }]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value.orderId : String(r.reason)))).toEqual(
    Array(AT_ONCE).fill(orders[0]!.order_ref),
  );
  expect(confirmed).toHaveLength(1);
  expect(await soldOf()).toBe(soldBefore + 1);
  // The calls met: several transactions were open together, and the lock let one through at a time.
  expect(peak.open).toBeGreaterThan(1);
  expect(peak.pastLock).toBe(1);
}, 60_000);

it('control: without the checkout lock, the owned-event refusal and the unique intent, the same calls make several orders', async () => {
  const { who, intent } = await paidBuyer('one-intent-control');
  const { uow, peak } = watchedUnitOfWork((repos) => ({
    ...repos,
    // A plain read: every call sees the checkout still open.
    checkouts: { ...repos.checkouts, lock: async (id) => (await repos.checkouts.byId(id))! },
    orders: {
      ...repos.orders,
      ownedEventIds: async () => [],
      // Orders' payment_intent_id is unique: the last guard, taken out by not writing it.
      create: (order, ref) => repos.orders.create({ ...order, paymentIntentId: null }, ref),
    },
  }));
  const { service, confirmed } = checkoutOver(uow);

  await Promise.allSettled(
    Array.from({ length: AT_ONCE }, () =>
      service.createCartOrder(callerOf(who), {
        userId: who.userId!,
        paymentMethod: 'stripe',
        paymentIntentId: intent.id,
      }),
    ),
  );

  expect((await ordersOf(who)).length).toBeGreaterThan(1);
  expect(confirmed.length).toBeGreaterThan(1);
  expect(peak.pastLock).toBeGreaterThan(1);
}, 60_000);
