// @databases postgres: its outcome does not depend on the kind of database
import crypto from 'node:crypto';
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { startFakeStripe, type FakeStripe } from '../../../utils/fakeStripe';
import { createTestApp, type TestApp } from '../../../utils/testApp';

/**
 * Checkout with the stripe provider, the whole app against a local fake of Stripe's API: the
 * intent the server asks Stripe for, the order only once Stripe says paid, the webhook that makes
 * the order when the browser never comes back, and a refund when the order cannot be made.
 */
let fake: FakeStripe;
let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
let webhookUrl: string;
const PUBLISHABLE_KEY = 'pk_test_storefrontFake';
/** The stripe provider's settings, pointed at the fake. */
const stripeEnv = () => ({
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_BASE: fake.base,
});

beforeAll(async () => {
  // The config accepts only Stripe-shaped keys (letters and digits after sk_test_).
  fake = await startFakeStripe({ secretKey: `sk_test_fake${crypto.randomBytes(8).toString('hex')}` });
  ({ t, d, ids } = await cartTestApp({ env: stripeEnv() }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
  // Listening, so the fake can post its webhooks over real HTTP as Stripe does.
  webhookUrl = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/v1/payments/webhook`;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function buyer(paths: string[], label = 'buyer'): Promise<Who> {
  const who = await d.user(label);
  for (const p of paths) expect((await d.add(who, { asset_id: ids[p] })).statusCode).toBe(200);
  return who;
}
/** A new intent for the buyer's cart total: its id at the fake. */
async function intentFor(who: Who): Promise<string> {
  const res = await c.intent(who, await c.totalCents(who));
  expect(res.statusCode).toBe(200);
  return res.json().data.paymentIntentId;
}
const ordersOf = async (intentId: string) =>
  t.database.db
    .selectFrom('orders')
    .select(['id', 'order_ref', 'status', 'user_id'])
    .where('payment_intent_id', '=', intentId)
    .execute();
const checkoutOf = (intentId: string) =>
  t.database.db
    .selectFrom('checkouts')
    .select(['status', 'order_id'])
    .where('payment_intent_id', '=', intentId)
    .executeTakeFirstOrThrow();
/** A webhook as the fake signs it, sent through app.inject (the exact bytes, so it can be sent again). */
const postWebhook = (payload: { body: string; header?: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/payments/webhook',
    payload: payload.body,
    headers: {
      'content-type': 'application/json',
      ...(payload.header !== undefined ? { 'stripe-signature': payload.header } : {}),
    },
  });

describe('the stripe provider is the one the browser is told about', () => {
  it('GET /v1/public/config names stripe and its publishable key', async () => {
    const res = await t.app.inject({ url: '/v1/public/config' });
    expect(res.json().data.payments).toEqual({ provider: 'stripe', publishableKey: PUBLISHABLE_KEY });
  });

  it("a page's CSP lets Stripe.js in; with the sandbox it does not", async () => {
    const csp = String(
      (await t.app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'],
    );
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    const sandbox = await createTestApp();
    try {
      const plain = String(
        (await sandbox.app.inject({ url: '/', headers: { accept: 'text/html' } })).headers['content-security-policy'],
      );
      expect(plain).toContain("script-src 'self'");
      expect(plain).not.toContain('stripe.com');
    } finally {
      await sandbox.close();
    }
  });
});

describe('createPaymentIntent with stripe', () => {
  it("creates a card-only intent at Stripe for the server's amount, under the cart's idempotency key, with our metadata; reuses it for the same cart", async () => {
    const who = await buyer(['cart-a']);
    const cart = await t.database.db
      .selectFrom('carts')
      .select(['id', 'version'])
      .where('user_id', '=', who.userId!)
      .executeTakeFirstOrThrow();
    const before = fake.intents.size;
    const res = await c.intent(who, 1000);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      provider: 'stripe',
      amount: 1000,
      paymentIntentId: expect.stringMatching(/^pi_fake_/),
    });
    const atStripe = fake.intents.get(data.paymentIntentId)!;
    expect(atStripe).toMatchObject({
      amount: 1000,
      currency: 'usd',
      status: 'requires_payment_method',
      payment_method_types: ['card'],
      client_secret: data.client_secret,
    });
    expect(atStripe.metadata).toMatchObject({ user_id: String(who.userId), cart_id: String(cart.id) });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').at(-1)!;
    const installation = (
      await t.database.db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'payments.installation_id')
        .executeTakeFirstOrThrow()
    ).value;
    expect(created.idempotencyKey).toBe(`checkout-${installation}-${cart.id}-v${cart.version}-1000`);

    const again = await c.intent(who, 1000);
    expect(again.json().data).toMatchObject({
      paymentIntentId: data.paymentIntentId,
      client_secret: data.client_secret,
    });
    expect(fake.intents.size).toBe(before + 1);
  });

  it('a Stripe outage is a 502 the buyer may retry, and the retry makes one intent', async () => {
    const who = await buyer(['cart-extra-4']);
    const before = fake.intents.size;
    fake.failNext(3); // the SDK's first try and both its retries
    const down = await c.intent(who, 900);
    expect([down.statusCode, down.json().message]).toEqual([502, ORDER_MESSAGES.paymentProviderDown]);
    expect((await c.intent(who, 900)).statusCode).toBe(200);
    expect(fake.intents.size).toBe(before + 1);
  });
});

describe('createCartOrder with stripe believes Stripe, not the browser', () => {
  it('is refused while the intent is unpaid, makes one order once paid, and the same intent again is the same order', async () => {
    const who = await buyer(['cart-b']);
    const id = await intentFor(who);
    const unpaid = await c.cardOrder(who, id);
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([409, ORDER_MESSAGES.notPaid]);
    expect(await ordersOf(id)).toEqual([]);

    fake.succeed(id);
    const first = await c.cardOrder(who, id, { amount: 25.5 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      status: 'Active',
      paymentMethod: 'stripe',
      amount: 25.5,
      assetIds: [ids['cart-b']],
    });
    const second = await c.cardOrder(who, id);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.orderId).toBe(first.json().data.orderId);
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await checkoutOf(id)).toMatchObject({ status: 'ordered' });
  });
});

describe("Stripe's webhook", () => {
  it('payment_intent.succeeded makes the order when the browser never came back; the browser later gets that order', async () => {
    const who = await buyer(['cart-c']);
    const id = await intentFor(who);
    fake.succeed(id);
    const res = await fake.sendWebhook(webhookUrl, { type: 'payment_intent.succeeded', intentId: id });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).message).toBe('Order recorded');
    const orders = await ordersOf(id);
    expect(orders).toEqual([expect.objectContaining({ user_id: who.userId, status: 'Active' })]);
    const late = await c.cardOrder(who, id);
    expect([late.statusCode, late.json().data.orderId]).toEqual([200, orders[0]!.order_ref]);
    expect((await d.get(who)).json().data.items).toEqual([]);
  });

  it('the same event twice is answered "Already handled" and makes one order', async () => {
    const who = await buyer(['cart-extra-0']);
    const id = await intentFor(who);
    fake.succeed(id);
    const event = fake.signedPayload({ type: 'payment_intent.succeeded', intentId: id });
    const first = await postWebhook(event);
    expect([first.statusCode, first.json().message]).toEqual([200, 'Order recorded']);
    const again = await postWebhook(event);
    expect([again.statusCode, again.json().message]).toEqual([200, 'Already handled']);
    // Another event for the same payment (Stripe may send more than one) changes nothing either.
    expect((await fake.sendWebhook(webhookUrl, { type: 'payment_intent.succeeded', intentId: id })).status).toBe(200);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('payment_intent.payment_failed arriving after succeeded (out of order) is harmless: the order stays', async () => {
    const who = await buyer(['cart-extra-1']);
    const id = await intentFor(who);
    // A first card was declined; its event is delivered late, after the second card's success.
    fake.fail(id);
    const failedEvent = fake.signedPayload({ type: 'payment_intent.payment_failed', intentId: id });
    fake.succeed(id);
    expect((await fake.sendWebhook(webhookUrl, { type: 'payment_intent.succeeded', intentId: id })).status).toBe(200);
    const late = await postWebhook(failedEvent);
    expect([late.statusCode, late.json().message]).toEqual([200, 'Ignored']);
    expect(await ordersOf(id)).toEqual([expect.objectContaining({ status: 'Active' })]);
    expect(await checkoutOf(id)).toMatchObject({ status: 'ordered' });
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toEqual([]);
  });

  it('a bad signature is a 400 and changes nothing', async () => {
    const who = await buyer(['cart-extra-2']);
    const id = await intentFor(who);
    fake.succeed(id);
    const forged = fake.signedPayload(
      { type: 'payment_intent.succeeded', intentId: id },
      { secret: 'whsec_someone_else' },
    );
    const res = await postWebhook(forged);
    expect([res.statusCode, res.json().message]).toEqual([400, 'Webhook signature verification failed']);
    const good = fake.signedPayload({ type: 'payment_intent.succeeded', intentId: id });
    expect(
      (await postWebhook({ body: good.body.replace(`"id":"${id}"`, '"id":"pi_fake_other"'), header: good.header }))
        .statusCode,
    ).toBe(400);
    expect((await postWebhook({ body: good.body })).statusCode).toBe(400);
    expect(await ordersOf(id)).toEqual([]);
    expect(await checkoutOf(id)).toMatchObject({ status: 'open', order_id: null });
    const eventId = JSON.parse(forged.body).id as string;
    expect(await t.database.db.selectFrom('payment_events').select('id').where('id', '=', eventId).execute()).toEqual(
      [],
    );
  });

  it('while Stripe is down the webhook answers 5xx (so Stripe sends it again), and the retry makes the order', async () => {
    const who = await buyer(['cart-extra-3']);
    const id = await intentFor(who);
    fake.succeed(id);
    const event = fake.signedPayload({ type: 'payment_intent.succeeded', intentId: id });
    fake.failNext(3);
    const down = await postWebhook(event);
    expect(down.statusCode).toBeGreaterThanOrEqual(500);
    expect(await ordersOf(id)).toEqual([]);
    const retry = await postWebhook(event);
    expect([retry.statusCode, retry.json().message]).toEqual([200, 'Order recorded']);
    expect(await ordersOf(id)).toHaveLength(1);
  });
});

describe('a payment that cannot become an order is refunded at Stripe', () => {
  it('sold out while paying: a full refund at Stripe and a 409 saying so; asked again, no second refund', async () => {
    const who = await buyer(['cart-few']);
    const id = await intentFor(who);
    fake.succeed(id);
    // The last seats went to others while this buyer was on the card form.
    await t.database.db
      .updateTable('events')
      .set({ sold: 2 })
      .where('id', '=', ids['cart-few']!)
      .where('capacity', '=', 2)
      .execute();
    const res = await c.cardOrder(who, id);
    expect([res.statusCode, res.json().message]).toEqual([409, ORDER_MESSAGES.soldOutRefunded]);
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toEqual([
      expect.objectContaining({ amount: 3000, status: 'succeeded' }),
    ]);
    expect(await ordersOf(id)).toEqual([]);
    expect(await checkoutOf(id)).toMatchObject({ status: 'refunded' });

    const again = await c.cardOrder(who, id);
    expect([again.statusCode, again.json().message]).toEqual([409, ORDER_MESSAGES.soldOutRefunded]);
    const hook = await fake.sendWebhook(webhookUrl, { type: 'payment_intent.succeeded', intentId: id });
    expect(hook.status).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === id)).toHaveLength(1);
    expect(await ordersOf(id)).toEqual([]);
  });
});

describe('two databases on one Stripe account never share an intent', () => {
  // Found as a bug: a key of only cart id, version and cents repeats in another database (a second
  // developer on the same test keys, a staging copy), and Stripe hands back the first shop's intent,
  // paid or not. The key now carries a random id stored once per database.
  it("another database's user with the same ids and cart gets a new intent, not the first one's paid intent", async () => {
    const other = await cartTestApp({ env: stripeEnv() });
    const again = await cartTestApp({ env: stripeEnv() });
    try {
      const intents: string[] = [];
      for (const shop of [other, again]) {
        // The same steps in two fresh databases: the same user id, cart id, version and amount.
        const who = await shop.d.user('twin');
        expect((await shop.d.add(who, { asset_id: shop.ids['cart-a'] })).statusCode).toBe(200);
        const res = await checkoutDriver(shop.t.app, shop.t.config.jwtSecret).intent(who, 1000);
        intents.push(res.json().data.paymentIntentId);
        if (shop === other) fake.succeed(intents[0]!);
      }
      expect(intents[1]).not.toBe(intents[0]);
    } finally {
      await other.t.close();
      await again.t.close();
    }
  });
});
