// @databases both: smoke — the payments module: payment events kept once
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { SIGNATURE_TOLERANCE_S, signStripePayload } from '../../../../src/server/modules/payments/webhookSignature';
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import type { TestApp } from '../../../utils/testApp';

/**
 * The sandbox's webhook: events signed as Stripe signs them, checked over the raw bytes, handled
 * once whatever their number and order; and its in-process delivery, which makes the order when the
 * browser never comes back.
 */
type Driver = Awaited<ReturnType<typeof cartTestApp>>['d'];
let t: TestApp;
let ids: CartFixture['ids'];
let d: Driver;
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  // The sandbox's own delivery is held back: here the test's events are the only ones.
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t?.close());

async function buyer(driver: Driver, fixture: CartFixture['ids'], paths: string[]): Promise<Who> {
  const who = await driver.user('buyer');
  for (const p of paths) expect((await driver.add(who, { asset_id: fixture[p] })).statusCode).toBe(200);
  return who;
}
const ordersOf = async (app: TestApp, intentId: string) =>
  app.database.db
    .selectFrom('orders')
    .select(['id', 'order_ref', 'status'])
    .where('payment_intent_id', '=', intentId)
    .execute();
/** The intent as the sandbox's events carry it. */
const shaped = (id: string, amount: number, userId: number, status = 'succeeded') => ({
  id,
  status,
  amount,
  metadata: { user_id: String(userId) },
});

describe('signed sandbox events', () => {
  it('twice and out of order make one order; the browser coming back later gets it', async () => {
    const who = await buyer(d, ids, ['cart-a']);
    const { id } = await c.paidIntent(who);
    const intent = shaped(id, 1000, who.userId!);
    // A declined first try's event arrives first, then the success, then the success again.
    const failed = await c.webhook('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    expect([failed.statusCode, failed.json().message]).toEqual([200, 'Ignored']);
    expect(await ordersOf(t, id)).toEqual([]);

    const first = await c.webhook('payment_intent.succeeded', intent, { eventId: `evt_ok_${id}` });
    expect([first.statusCode, first.json().message]).toEqual([200, 'Order recorded']);
    const again = await c.webhook('payment_intent.succeeded', intent, { eventId: `evt_ok_${id}` });
    expect([again.statusCode, again.json().message]).toEqual([200, 'Already handled']);
    // A failure delivered after the success (out of order) undoes nothing.
    const late = await c.webhook('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' });
    expect([late.statusCode, late.json().message]).toEqual([200, 'Ignored']);
    // Another event id for the same payment (a second delivery path) is still the same order.
    expect((await c.webhook('payment_intent.succeeded', intent)).statusCode).toBe(200);

    const orders = await ordersOf(t, id);
    expect(orders).toEqual([expect.objectContaining({ status: 'Active' })]);
    const browser = await c.cardOrder(who, id);
    expect([browser.statusCode, browser.json().data.orderId]).toEqual([200, orders[0]!.order_ref]);
    expect(await ordersOf(t, id)).toHaveLength(1);
  });

  it('a signed "succeeded" for an intent the sandbox says is unpaid makes no order: the provider is asked', async () => {
    const who = await buyer(d, ids, ['cart-extra-5']);
    const { paymentIntentId: id } = (await c.intent(who, 1000)).json().data;
    const res = await c.webhook('payment_intent.succeeded', shaped(id, 1000, who.userId!));
    expect([res.statusCode, res.json().message]).toEqual([200, 'Ignored']);
    expect(await ordersOf(t, id)).toEqual([]);
  });

  it('an event for an intent that is not ours is a 200 and ignored', async () => {
    const res = await c.webhook('payment_intent.succeeded', shaped('pi_sbx_someoneelse', 1234, 1));
    expect([res.statusCode, res.json().message]).toEqual([200, 'Ignored']);
    const other = await c.webhook('customer.created', shaped('cus_1', 0, 1));
    expect([other.statusCode, other.json().message]).toEqual([200, 'Ignored']);
  });
});

describe('a webhook that is not signed by the sandbox is a 400 and makes nothing', () => {
  const secret = () => deriveKeys(t.config.jwtSecret).sandboxWebhook;
  const eventBody = (id: string, amount: number, userId: number) =>
    JSON.stringify({
      id: `evt_sig_${id}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {
        object: {
          object: 'payment_intent',
          ...shaped(id, amount, userId),
          currency: 'usd',
          client_secret: `${id}_secret_x`,
        },
      },
    });
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
      },
    });
  const handled = (id: string) =>
    t.database.db.selectFrom('payment_events').select('id').where('id', '=', `evt_sig_${id}`).execute();

  describe('refused', () => {
    let id: string;
    let body: string;
    beforeAll(async () => {
      const who = await buyer(d, ids, ['cart-b']);
      ({ id } = await c.paidIntent(who));
      body = eventBody(id, 2550, who.userId!);
    });
    afterEach(async () => {
      expect(await ordersOf(t, id)).toEqual([]);
      expect(await handled(id)).toEqual([]);
    });

    it.each([
      ['another secret', () => post(body, signStripePayload(body, 'whsec_not_the_sandbox', Date.now()))],
      [
        'a tampered body',
        () => post(body.replace('"amount":2550', '"amount":2551'), signStripePayload(body, secret(), Date.now())),
      ],
      ['no signature header', () => post(body)],
      ['an empty signature header', () => post(body, '')],
      ['a garbled signature header', () => post(body, 'v1=abc,t=now')],
      [
        'a stale timestamp (a replay)',
        () => post(body, signStripePayload(body, secret(), Date.now() - (SIGNATURE_TOLERANCE_S + 5) * 1000)),
      ],
      [
        'a timestamp from the future',
        () => post(body, signStripePayload(body, secret(), Date.now() + (SIGNATURE_TOLERANCE_S + 5) * 1000)),
      ],
    ])('%s', async (_label, send) => {
      const res = await send();
      expect([res.statusCode, res.json().message]).toEqual([400, 'Webhook signature verification failed']);
    });
  });

  it('the same kind of event, signed with the sandbox secret just now, is accepted (so each refusal above is for its own reason)', async () => {
    const who = await buyer(d, ids, ['cart-extra-6']);
    const { id } = await c.paidIntent(who);
    const body = eventBody(id, 1100, who.userId!);
    const res = await post(body, signStripePayload(body, secret(), Date.now() - (SIGNATURE_TOLERANCE_S - 30) * 1000));
    expect([res.statusCode, res.json().message]).toEqual([200, 'Order recorded']);
    expect(await ordersOf(t, id)).toHaveLength(1);
    expect(await handled(id)).toHaveLength(1);
  });
});

describe('a signed event we cannot read is a 400 naming what is wrong, never a 500', () => {
  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    const signature = signStripePayload(payload, deriveKeys(t.config.jwtSecret).sandboxWebhook, Date.now());
    return t.app.inject({
      method: 'POST',
      url: '/v1/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };
  const events = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('payment_events')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it.each([
    ['no type', { id: 'evt_no_type', object: 'event' }, 'event.type is missing'],
    ['an empty type', { id: 'evt_empty_type', type: '' }, 'event.type is missing'],
    [
      'a type holding NUL',
      { id: 'evt_nul_type', type: 'payment_intent.succeeded\u0000' },
      'event.type must be printable ASCII',
    ],
    ['no id', { type: 'charge.refunded' }, 'event.id is missing'],
    ['a number for an id', { id: 42, type: 'charge.refunded' }, 'event.id'],
    ['an array instead of an event', [], 'event'],
    [
      'a payment_intent event without its intent',
      { id: 'evt_no_object', type: 'payment_intent.succeeded' },
      'data.object',
    ],
    [
      'an intent without an amount',
      { id: 'evt_no_amount', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x', status: 'succeeded' } } },
      'data.object.amount',
    ],
  ])('%s', async (_label, event, problem) => {
    const before = await events();
    const res = await signed(event);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Webhook event is not valid: /);
    expect(res.json().message).toContain(problem);
    expect(await events()).toBe(before);
  });

  it('the same envelope with a type is accepted (so the refusals above are for the missing parts)', async () => {
    const res = await signed({ id: 'evt_with_type', object: 'event', type: 'charge.refunded', data: { object: {} } });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Ignored']);
  });
});

describe("the sandbox's own delivery (SANDBOX_EVENT_DELAY_MS=0)", () => {
  let live: TestApp;
  let liveD: Driver;
  let liveIds: CartFixture['ids'];
  beforeAll(async () => {
    ({ t: live, d: liveD, ids: liveIds } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '0' } }));
  });
  afterAll(() => live?.close());

  it('makes the order when the browser never comes back', async () => {
    const who = await buyer(liveD, liveIds, ['cart-a', 'cart-c']);
    const { id } = await checkoutDriver(live.app, live.config.jwtSecret).paidIntent(who);
    const deadline = Date.now() + 5000;
    while ((await ordersOf(live, id)).length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await ordersOf(live, id)).toEqual([expect.objectContaining({ status: 'Active' })]);
    expect((await liveD.get(who)).json().data.items).toEqual([]);
    // The browser's late createCartOrder answers that order.
    const late = await checkoutDriver(live.app, live.config.jwtSecret).cardOrder(who, id);
    expect([late.statusCode, late.json().data.orderId]).toEqual([200, (await ordersOf(live, id))[0]!.order_ref]);
  });
});
