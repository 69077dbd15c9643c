// @databases postgres: its outcome does not depend on the kind of database
import crypto from 'node:crypto';
import { SALES_MESSAGES } from '../../../../src/shared/contract/studioSales';
import { refundKey } from '../../../../src/server/modules/orders/refundService';
import { cartTestApp, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { startFakeStripe, type FakeStripe } from '../../../utils/fakeStripe';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The console's refund with the stripe provider, against the local fake of Stripe's API: one refund
 * at Stripe under the order's idempotency key; a failed attempt retried under a key of its own
 * (Stripe keeps a key's first answer); a payment refunded at Stripe meanwhile (the dashboard) taken
 * as done, never refunded twice.
 */
let fake: FakeStripe;
let x: Awaited<ReturnType<typeof cartTestApp>>;
let c: ReturnType<typeof checkoutDriver>;
let organizer: Who;

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: `sk_test_fake${crypto.randomBytes(8).toString('hex')}` });
  x = await cartTestApp({
    env: {
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_storefrontFake',
      STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
      STRIPE_API_BASE: fake.base,
    },
  });
  c = checkoutDriver(x.t.app, x.t.config.jwtSecret);
  organizer = await x.d.user('stripeorganizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(async () => {
  await x?.t.close();
  await fake?.close();
});

/** A card order paid at the fake Stripe: its numeric id and intent id. */
async function paidOrder(label: string): Promise<{ id: number; intentId: string }> {
  const who = await x.d.user(label);
  expect((await x.d.add(who, { asset_id: x.ids['cart-b'] })).statusCode).toBe(200);
  const intent = await c.intent(who, await c.totalCents(who));
  const intentId = intent.json().data.paymentIntentId as string;
  fake.succeed(intentId);
  expect((await c.cardOrder(who, intentId)).statusCode).toBe(200);
  const row = await x.t.database.db
    .selectFrom('orders')
    .select('id')
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
  return { id: row.id, intentId };
}
const refund = (id: number) =>
  x.t.app.inject({
    method: 'POST',
    url: `/v1/studio/orders/${id}/refund`,
    headers: { authorization: organizer.authorization! },
    payload: {},
  });
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const refundCalls = (intentId: string) => fake.refunds.filter((r) => r.payment_intent === intentId);
const keysSent = (from: number) =>
  fake.requests
    .slice(from)
    .filter((r) => r.path === '/v1/refunds')
    .map((r) => r.idempotencyKey);

it("refunds once at Stripe, under the order's key; a second press asks Stripe nothing", async () => {
  const order = await paidOrder('stripefan');
  const from = fake.requests.length;

  expect(answer(await refund(order.id))).toEqual([200, SALES_MESSAGES.refunded]);
  expect(answer(await refund(order.id))).toEqual([409, SALES_MESSAGES.alreadyRefunded]);

  expect(refundCalls(order.intentId)).toHaveLength(1);
  expect(keysSent(from)).toEqual([refundKey(order.id)]);
});

it('a refusal from Stripe stays pending (502); the retry goes under a key of its own and refunds once', async () => {
  const order = await paidOrder('stripefail');
  fake.setStatus(order.intentId, 'processing');
  const from = fake.requests.length;

  expect(answer(await refund(order.id))).toEqual([502, SALES_MESSAGES.providerFailed]);
  expect(refundCalls(order.intentId)).toEqual([]);
  fake.setStatus(order.intentId, 'succeeded');
  const retried = await refund(order.id);

  expect(answer(retried)).toEqual([200, SALES_MESSAGES.refunded]);
  expect(retried.json().data.payment).toMatchObject({ state: 'refunded', refund: { attempts: 2 } });
  expect(refundCalls(order.intentId)).toHaveLength(1);
  expect(keysSent(from)).toEqual([refundKey(order.id), `${refundKey(order.id)}-attempt-2`]);
});

it('a payment refunded at Stripe meanwhile (the dashboard) is taken as done by the retry, not refunded again', async () => {
  const order = await paidOrder('stripedashboard');
  fake.setStatus(order.intentId, 'processing');
  expect((await refund(order.id)).statusCode).toBe(502);
  fake.setStatus(order.intentId, 'succeeded');
  // Someone refunds it in Stripe's dashboard.
  const byHand = await fetch(`${fake.base}/v1/refunds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `payment_intent=${order.intentId}`,
  });
  expect(byHand.status).toBe(200);

  const retried = await refund(order.id);

  expect(answer(retried)).toEqual([200, SALES_MESSAGES.refunded]);
  expect(retried.json().data.payment.state).toBe('refunded');
  expect(refundCalls(order.intentId)).toHaveLength(1);
});
