// @databases postgres: its outcome does not depend on the kind of database
import crypto from 'node:crypto';
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { startFakeStripe, type FakeStripe } from '../../../utils/fakeStripe';
import type { TestApp } from '../../../utils/testApp';

/**
 * Stripe stalls, then fails, at each step of a checkout. The fake does the work (makes the intent,
 * sends the refund) but holds its answer far longer than our timeout and then answers 500, the worst
 * case: Stripe acted and we never heard. Timeouts are scaled down (300 ms against a 10 s stall, as
 * 8 s against a 30 s stall in production). No request hangs past two timeouts and a backoff, the
 * buyer is told in a sentence, and the retry under the same idempotency key charges once.
 */
const TIMEOUT_MS = 300;
const STALL_MS = 10_000;
/** Two attempts and the SDK's backoff between them; a request waiting out the stall would take 20 s. */
const ANSWER_WITHIN_MS = 4_000;

let fake: FakeStripe;
let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: `sk_test_fake${crypto.randomBytes(8).toString('hex')}` });
  ({ t, d, ids } = await cartTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_storefrontFake',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.base,
      STRIPE_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}
const stalledAnswer = { statusCode: 502, message: ORDER_MESSAGES.paymentProviderDown };
const intentsFor = (userId: number) => [...fake.intents.values()].filter((i) => i.metadata.user_id === String(userId));

it('creating the payment intent: the buyer is told within two timeouts; the retry finds the intent Stripe made, one in all', async () => {
  const who: Who = await d.user('stall-intent');
  expect((await d.add(who, { asset_id: ids['cart-a'] })).statusCode).toBe(200);
  const amount = await c.totalCents(who);

  fake.stallNext(2, STALL_MS);
  const stalled = await timed(() => c.intent(who, amount));
  expect({ statusCode: stalled.value.statusCode, message: stalled.value.json().message }).toEqual(stalledAnswer);
  expect(stalled.ms).toBeLessThan(ANSWER_WITHIN_MS);
  // Stripe made the intent while we waited; both attempts carried one idempotency key.
  expect(intentsFor(who.userId!)).toHaveLength(1);

  const retried = await c.intent(who, amount);
  expect(retried.statusCode).toBe(200);
  expect(intentsFor(who.userId!).map((i) => i.id)).toEqual([retried.json().data.paymentIntentId]);
});

it('reading the paid intent at createCartOrder: told within two timeouts, no order; the retry makes one order for one charge', async () => {
  const who: Who = await d.user('stall-order');
  expect((await d.add(who, { asset_id: ids['cart-b'] })).statusCode).toBe(200);
  const intent = await c.intent(who, await c.totalCents(who));
  const intentId = intent.json().data.paymentIntentId as string;
  fake.succeed(intentId);

  fake.stallNext(2, STALL_MS);
  const stalled = await timed(() => c.cardOrder(who, intentId));
  expect({ statusCode: stalled.value.statusCode, message: stalled.value.json().message }).toEqual(stalledAnswer);
  expect(stalled.ms).toBeLessThan(ANSWER_WITHIN_MS);
  const orders = () =>
    t.database.db.selectFrom('orders').select('order_ref').where('payment_intent_id', '=', intentId).execute();
  expect(await orders()).toEqual([]);

  const retried = await c.cardOrder(who, intentId);
  expect(retried.statusCode).toBe(200);
  expect((await orders()).map((o) => o.order_ref)).toEqual([retried.json().data.orderId]);
  expect(intentsFor(who.userId!)).toHaveLength(1);
  expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toEqual([]);
});

it('refunding a buyer who paid for a sold-out seat: told within two timeouts; the retry refunds once', async () => {
  // cart-few has two seats; three buyers pay, the third too late.
  const buyers: Who[] = [await d.user('stall-a'), await d.user('stall-b'), await d.user('stall-late')];
  const paid: string[] = [];
  for (const who of buyers) {
    expect((await d.add(who, { asset_id: ids['cart-few'] })).statusCode).toBe(200);
    paid.push((await c.intent(who, await c.totalCents(who))).json().data.paymentIntentId);
    fake.succeed(paid.at(-1)!);
  }
  for (const i of [0, 1]) expect((await c.cardOrder(buyers[i]!, paid[i]!)).statusCode).toBe(200);

  fake.stallNext(2, STALL_MS, '/v1/refunds');
  const stalled = await timed(() => c.cardOrder(buyers[2]!, paid[2]!));
  expect({ statusCode: stalled.value.statusCode, message: stalled.value.json().message }).toEqual(stalledAnswer);
  expect(stalled.ms).toBeLessThan(ANSWER_WITHIN_MS);
  const refundsOf = () => fake.refunds.filter((r) => r.payment_intent === paid[2]);
  // Stripe refunded while we waited; we did not hear it.
  expect(refundsOf()).toHaveLength(1);

  const retried = await c.cardOrder(buyers[2]!, paid[2]!);
  expect([retried.statusCode, retried.json().message]).toEqual([409, ORDER_MESSAGES.soldOutRefunded]);
  expect(refundsOf()).toHaveLength(1);
  expect(
    await t.database.db.selectFrom('orders').select('id').where('payment_intent_id', '=', paid[2]!).execute(),
  ).toEqual([]);
});
