// @databases postgres: a race needs concurrent sessions; PGlite has one
import { sql } from 'kysely';
import { createCheckoutService } from '../../../../src/server/modules/orders/checkoutService';
import { createSandboxProvider } from '../../../../src/server/modules/payments/sandboxProvider';
import type { UserCaller } from '../../../../src/server/platform/callerIdentity';
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { unitOfWorkWith } from '../../../utils/races';
import type { TestApp } from '../../../utils/testApp';

/**
 * The database connection of a checkout's transaction is terminated (pg_terminate_backend) after
 * the order row is written and before the transaction commits: nothing of it stays (no order, no
 * seat taken, the cart and the checkout as they were), and the buyer's retry makes exactly one order.
 * PostgreSQL only: the embedded database has no connection to cut.
 */
let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('connection faults need the PostgreSQL project (npm test runs it)');
  // The sandbox's own event delivery is held back, so only the buyer's calls make the order.
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const count = async (table: 'orders' | 'order_items', userId: number) =>
  Number(
    (
      await db()
        .selectFrom('orders')
        .$if(table === 'order_items', (q) => q.innerJoin('order_items', 'order_items.order_id', 'orders.id'))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('orders.user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const soldOf = async (path: string) =>
  (await db().selectFrom('events').select('sold').where('id', '=', ids[path]!).executeTakeFirstOrThrow()).sold;

it('cut after the order row is written: nothing stays, and the retry makes exactly one order', async () => {
  const buyer: Who = await d.user('cut');
  expect((await d.add(buyer, { asset_id: ids['cart-few'] })).statusCode).toBe(200);
  const intent = await c.paidIntent(buyer);
  const caller: UserCaller = { kind: 'user', userId: buyer.userId!, email: 'cut@example.com', name: 'Cut' };
  const seatsBefore = await soldOf('cart-few');
  const checkoutBefore = await db()
    .selectFrom('checkouts')
    .select(['status', 'order_id'])
    .where('payment_intent_id', '=', intent.id)
    .executeTakeFirstOrThrow();

  // The checkout service as the app builds it, with the orders repository cutting its own connection
  // once the order is written (seen inside the transaction), before the commit.
  let writtenBeforeCut = 0;
  const uow = unitOfWorkWith(t.database, 'orders', (repo, trx) => ({
    create: async (order, ref) => {
      const row = await repo.create(order, ref);
      writtenBeforeCut = Number(
        (
          await trx
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', caller.userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
      await sql`select pg_terminate_backend(pg_backend_pid())`.execute(trx);
      return row;
    },
  }));
  const provider = createSandboxProvider({
    repo: uow.repos.sandbox,
    webhookSecret: 'fault-webhook-secret',
    eventDelayMs: 600_000,
    log: t.app.log,
  });
  const cut = createCheckoutService({ uow, provider, log: t.app.log, confirmOrder: async () => {}, liveMinutes: 240 });
  const body = {
    userId: caller.userId,
    paymentMethod: 'stripe',
    paymentIntentId: intent.id,
    status: 'Active',
    usageType: 'Paid',
    isActive: 1,
  } as const;
  await expect(cut.createCartOrder(caller, body)).rejects.toThrow(/terminat|Connection/i);

  expect(writtenBeforeCut).toBe(1);
  expect([
    await count('orders', caller.userId),
    await count('order_items', caller.userId),
    await soldOf('cart-few'),
  ]).toEqual([0, 0, seatsBefore]);
  expect(
    await db()
      .selectFrom('checkouts')
      .select(['status', 'order_id'])
      .where('payment_intent_id', '=', intent.id)
      .executeTakeFirstOrThrow(),
  ).toEqual(checkoutBefore);
  expect((await d.get(buyer)).json().data.items.map((i: { assetId: number }) => i.assetId)).toEqual([ids['cart-few']]);

  // The buyer's browser tries again: one order, one seat; asked a third time, the same order.
  const retry = await c.cardOrder(buyer, intent.id);
  expect(retry.statusCode).toBe(200);
  const again = await c.cardOrder(buyer, intent.id);
  expect([again.statusCode, again.json().data.orderId]).toEqual([200, retry.json().data.orderId]);
  expect([
    await count('orders', caller.userId),
    await count('order_items', caller.userId),
    await soldOf('cart-few'),
  ]).toEqual([1, 1, seatsBefore + 1]);
  // The pool dropped the cut connection: the app answers as before.
  expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
});
