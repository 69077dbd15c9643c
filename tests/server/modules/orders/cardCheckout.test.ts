// @databases both: smoke — the orders module: intents, orders and seats taken
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import { CARD_MESSAGES } from '../../../../src/shared/contract/cardMessages';
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { CARDS, checkoutDriver } from '../../../utils/checkout';
import type { TestApp } from '../../../utils/testApp';

let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  // The sandbox's own event delivery is held back here, so each test decides who creates the order.
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t.close());

async function buyer(paths: string[], label = 'buyer'): Promise<Who> {
  const who = await d.user(label);
  for (const p of paths) expect((await d.add(who, { asset_id: ids[p] })).statusCode).toBe(200);
  return who;
}
const countOrders = async (userId: number) =>
  Number(
    (
      await t.database.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a card purchase with 4242 4242 4242 4242', () => {
  it('creates one Active, Paid order for what the server priced, empties the cart and mails a confirmation', async () => {
    const who = await buyer(['cart-a', 'cart-b']);
    expect(await c.totalCents(who)).toBe(3550);
    const intent = await c.intent(who, 3550);
    expect(intent.statusCode).toBe(200);
    expect(intent.json().data).toMatchObject({
      amount: 3550,
      provider: 'sandbox',
      client_secret: expect.stringMatching(/^pi_sbx_\w+_secret_\w+$/),
    });
    const { paymentIntentId, client_secret } = intent.json().data;
    const confirmed = await c.confirm(who, client_secret);
    expect(confirmed.json().data).toMatchObject({ status: 'succeeded', error: null, next_action: null });

    const order = await c.cardOrder(who, paymentIntentId, { amount: 35.5 });
    expect([order.statusCode, order.json().message]).toEqual([200, 'Payment processed successfully.']);
    const summary = order.json().data;
    expect(summary).toMatchObject({
      status: 'Active',
      usageType: 'Paid',
      paymentMethod: 'stripe',
      amount: 35.5,
      orderId: expect.stringMatching(/^ORD-\d{13}\d{1,4}$/),
    });
    expect(summary.assetIds).toEqual([ids['cart-a'], ids['cart-b']].sort((a, b) => a! - b!));

    expect((await d.get(who)).json().data.items).toEqual([]);
    const lookup = await c.lookup(who, { userId: who.userId, assetId: ids['cart-b'] });
    expect(lookup.json().data).toEqual([
      expect.objectContaining({ orderId: summary.orderId, assetId: ids['cart-b'], status: 'Active' }),
    ]);
    const history = (await c.history(who)).json().data;
    expect(history).toEqual({
      total: 1,
      data: [
        {
          orderId: summary.orderId,
          cartId: summary.cartId,
          usageType: 'Paid',
          payment_method: 'stripe',
          rate: 35.5,
          created: summary.created,
          events: [
            { assetId: ids['cart-a'], title: 'Cart A', path: 'cart-a' },
            { assetId: ids['cart-b'], title: 'Cart B', path: 'cart-b' },
          ].sort((a, b) => a.assetId! - b.assetId!),
        },
      ],
    });
    const details = (await c.details(who, summary.cartId)).json().data;
    expect(details).toMatchObject({
      id: summary.cartId,
      cartToken: null,
      coupon: null,
      order: {
        orderId: summary.orderId,
        status: 'Active',
        usageType: 'Paid',
        paymentMethod: 'stripe',
        created: summary.created,
      },
    });
    expect(details.totals).toEqual({ itemsSubtotal: 35.5, itemDiscount: 0, couponDiscount: 0, grandTotal: 35.5 });
    expect(details.items.map((i: { meta: { label: string } }) => i.meta.label)).toEqual(['Cart A', 'Cart B']);
    const asset = (
      await t.app.inject({ url: `/v1/asset/${ids['cart-a']}`, headers: { authorization: who.authorization! } })
    ).json().data[0];
    expect(asset.canUserWatchAsset).toBe(1);

    const mail = (await t.app.inject({ url: '/dev/mailbox.json', remoteAddress: '127.0.0.1' }))
      .json()
      .find((m: { subject: string }) => m.subject.includes(summary.orderId));
    expect(mail.text).toContain('Cart A');
    expect(mail.text).toContain('$35.50');
    expect(mail.text).toContain(`${t.config.publicUrl}/events/cart-b`);
    // Its show time as every screen gives it: New York time (10 Jan 2027, 20:00 UTC is 3 PM in New York, EST).
    expect(mail.text).toContain('Airs Jan 10, 2027, 3:00 PM EST');
    expect(mail.html).toContain('Airs Jan 10, 2027, 3:00 PM EST');
  });

  it('the same intent twice (a retry, a double click) is the same order, never two', async () => {
    const who = await buyer(['cart-c']);
    const { id } = await c.paidIntent(who);
    const [first, second] = await Promise.all([c.cardOrder(who, id), c.cardOrder(who, id)]);
    expect(first.json().data.orderId).toBe(second.json().data.orderId);
    expect((await c.cardOrder(who, id)).json().data.orderId).toBe(first.json().data.orderId);
    expect(await countOrders(who.userId!)).toBe(1);
  });
});

describe('what the client says about payment is not believed', () => {
  it('an amount other than the cart total is refused with 400, and no intent is made', async () => {
    const who = await buyer(['cart-a']);
    for (const amount of [1, 999, 1001, 0]) {
      const res = await c.intent(who, amount);
      expect([res.statusCode, res.json().message]).toEqual([amount === 0 ? 400 : 400, ORDER_MESSAGES.amountMismatch]);
    }
    expect(
      await t.database.db.selectFrom('checkouts').select('id').where('user_id', '=', who.userId!).execute(),
    ).toEqual([]);
  });

  it("another user's userId is refused with 403; a guest cannot pay", async () => {
    const who = await buyer(['cart-a']);
    const other = await d.user('other');
    expect((await c.intent(who, 1000, other.userId)).statusCode).toBe(403);
    const guest = await d.guest();
    expect((await c.intent(guest, 1000, 1)).statusCode).toBe(403);
    expect((await c.intent({ label: 'nobody' }, 1000, 1)).statusCode).toBe(401);
  });

  it('an empty cart has nothing to pay for', async () => {
    const who = await d.user('empty');
    const res = await c.intent(who, 1000);
    expect([res.statusCode, res.json().message]).toEqual([409, ORDER_MESSAGES.emptyCart]);
  });

  it('one open intent per cart version: asked again it is reused; after a change it is a new one', async () => {
    const who = await buyer(['cart-a']);
    const first = (await c.intent(who, 1000)).json().data.paymentIntentId;
    expect((await c.intent(who, 1000)).json().data.paymentIntentId).toBe(first);
    await d.add(who, { asset_id: ids['cart-c'] });
    const third = (await c.intent(who, 1099)).json().data.paymentIntentId;
    expect(third).not.toBe(first);
  });

  it('asked for an intent after paying (the browser lost its way back): that order is made, never a second charge', async () => {
    const who = await buyer(['cart-extra-5']);
    const { id } = await c.paidIntent(who);
    const again = await c.intent(who, 1000);
    expect([again.statusCode, again.json().message]).toEqual([409, ORDER_MESSAGES.alreadyPaid]);
    expect((await c.lookup(who, { userId: who.userId })).json().data).toEqual([
      expect.objectContaining({ assetId: ids['cart-extra-5'] }),
    ]);
    expect((await c.cardOrder(who, id)).statusCode).toBe(200);
    expect(await countOrders(who.userId!)).toBe(1);
    expect(
      await t.database.db.selectFrom('checkouts').select('id').where('user_id', '=', who.userId!).execute(),
    ).toHaveLength(1);
  });

  it('an unpaid, declined, unknown or foreign intent makes no order', async () => {
    const who = await buyer(['cart-b']);
    const { paymentIntentId, client_secret } = (await c.intent(who, 2550)).json().data;
    const unpaid = await c.cardOrder(who, paymentIntentId);
    expect([unpaid.statusCode, unpaid.json().message]).toEqual([409, ORDER_MESSAGES.notPaid]);
    await c.confirm(who, client_secret, CARDS.declined);
    expect((await c.cardOrder(who, paymentIntentId)).statusCode).toBe(409);
    expect((await c.cardOrder(who, 'pi_sbx_doesnotexist')).statusCode).toBe(404);
    const thief = await d.user('thief');
    await c.confirm(who, client_secret, CARDS.visa);
    const stolen = await c.cardOrder(thief, paymentIntentId);
    expect([stolen.statusCode, stolen.json().message]).toEqual([403, ORDER_MESSAGES.notYourPayment]);
    expect(await countOrders(thief.userId!)).toBe(0);
    expect((await c.cardOrder(who, paymentIntentId, { amount: 1 })).statusCode).toBe(400);
    expect((await c.cardOrder(who, paymentIntentId)).statusCode).toBe(200);
  });

  it('a card payment needs its intent id', async () => {
    const who = await buyer(['cart-a']);
    expect((await c.order(who, { paymentMethod: 'stripe' })).statusCode).toBe(400);
  });
});

describe("the sandbox card form behaves as Stripe's test cards", () => {
  let who: Who;
  let secret: string;
  beforeAll(async () => {
    who = await buyer(['cart-extra-0']);
    secret = (await c.intent(who, 500)).json().data.client_secret;
  });

  it.each([
    [CARDS.declined, 'card_error', CARD_MESSAGES.declined],
    [CARDS.insufficientFunds, 'card_error', CARD_MESSAGES.insufficientFunds],
    [CARDS.badLuhn, 'validation_error', CARD_MESSAGES.invalidNumber],
    ['4242 4242', 'validation_error', CARD_MESSAGES.incompleteNumber],
  ])('%s → %s %s', async (number, type, message) => {
    const res = await c.confirm(who, secret, number);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      message,
      data: { status: 'requires_payment_method', error: { type, message } },
    });
  });

  it('refuses a past expiry and a short CVC', async () => {
    expect((await c.confirm(who, secret, CARDS.visa, { exp_month: 1, exp_year: 20 })).json().data.error.message).toBe(
      CARD_MESSAGES.pastExpiry,
    );
    expect((await c.confirm(who, secret, CARDS.visa, { cvc: '12' })).json().data.error.message).toBe(
      CARD_MESSAGES.incompleteCvc,
    );
  });

  it("another user's client secret is refused", async () => {
    expect((await c.confirm(await d.user('x'), secret, CARDS.visa)).statusCode).toBe(403);
  });

  it('a return URL off this site is refused', async () => {
    for (const url of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      expect((await c.confirm(who, secret, CARDS.visa, { return_url: url })).statusCode).toBe(400);
    }
  });
});

describe('4000 0025 0000 3155 asks for authentication', () => {
  async function authenticate(outcome: 'complete' | 'fail') {
    const who = await buyer(['cart-extra-1']);
    const { paymentIntentId, client_secret } = (await c.intent(who, 600)).json().data;
    const res = (
      await c.confirm(who, client_secret, CARDS.authenticate, {
        return_url: `/order-confirmation/${ids['cart-extra-1']}`,
      })
    ).json().data;
    expect(res).toMatchObject({ status: 'requires_action', error: null });
    const page = await t.app.inject({ url: res.next_action.redirect_url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<button name="outcome" value="complete" class="primary">Complete</button>');
    expect(page.body).toContain('$6.00');
    const back = await t.app.inject({
      method: 'POST',
      url: res.next_action.redirect_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `outcome=${outcome}`,
    });
    expect(back.statusCode).toBe(303);
    const location = new URL(back.headers.location as string, 'http://x');
    expect(location.pathname).toBe(`/order-confirmation/${ids['cart-extra-1']}`);
    expect(location.searchParams.get('payment_intent')).toBe(paymentIntentId);
    return { who, paymentIntentId, status: location.searchParams.get('redirect_status') };
  }

  it('Complete → back with redirect_status=succeeded, and the order can be made', async () => {
    const { who, paymentIntentId, status } = await authenticate('complete');
    expect(status).toBe('succeeded');
    expect((await c.cardOrder(who, paymentIntentId)).statusCode).toBe(200);
  });

  it('Fail → back with redirect_status=failed, and no order', async () => {
    const { who, paymentIntentId, status } = await authenticate('fail');
    expect(status).toBe('failed');
    expect((await c.cardOrder(who, paymentIntentId)).statusCode).toBe(409);
  });

  it('the page refuses a wrong client secret', async () => {
    const page = await t.app.inject({
      url: '/payments/sandbox/authenticate/pi_sbx_x?client_secret=pi_sbx_x_secret_nope&return_url=/x',
    });
    expect(page.body).toContain('Payment not found');
  });

  it('a client secret of another length or with non-ASCII characters is a wrong secret, never a 500', async () => {
    const who = await buyer(['cart-extra-6']);
    const { client_secret } = (await c.intent(who, 1100)).json().data;
    const res = (await c.confirm(who, client_secret, CARDS.authenticate, { return_url: '/x' })).json().data;
    const intentPath = new URL(res.next_action.redirect_url, 'http://x').pathname;
    // Same length in characters, longer in bytes; shorter; longer; the right secret with one accented letter.
    const wrong = [
      'é'.repeat(client_secret.length),
      'pi_short_é',
      `${client_secret}x`,
      `${client_secret.slice(0, -1)}é`,
    ];
    for (const secret of wrong) {
      const url = `${intentPath}?${new URLSearchParams({ client_secret: secret, return_url: '/x' })}`;
      const page = await t.app.inject({ url });
      expect([page.statusCode, page.body.includes('Payment not found')]).toEqual([200, true]);
      const post = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'outcome=complete',
      });
      expect(post.statusCode).toBe(404);
    }
  });
});

describe('orders are read by their owner only', () => {
  it("another user's lookup, history and order page are refused", async () => {
    const who = await buyer(['cart-extra-2']);
    const { id } = await c.paidIntent(who);
    const { cartId } = (await c.cardOrder(who, id)).json().data;
    const other = await d.user('nosy');
    expect((await c.lookup(other, { userId: who.userId })).statusCode).toBe(403);
    expect((await c.history(other, who.userId)).statusCode).toBe(403);
    expect((await c.details(other, cartId)).statusCode).toBe(403);
    expect((await c.details(who, 2_000_000_000)).statusCode).toBe(404);
    const guest = await d.guest();
    expect((await c.details(guest, cartId)).statusCode).toBe(403);
    // The old path of the order page is gone: GET /cart/{id} is the one read (docs/behaviour.md §7).
    expect(
      (await t.app.inject({ url: `/v1/order/cart/${cartId}`, headers: { authorization: who.authorization! } }))
        .statusCode,
    ).toBe(404);
    expect((await c.lookup(guest, { userId: who.userId })).statusCode).toBe(403);
    expect((await c.lookup(other, { userId: other.userId })).json().data).toEqual([]);
  });

  it('sortBy orders the lookup: newest first (-created, the default) or oldest first (created); anything else is a 400', async () => {
    const who = await buyer(['cart-extra-0']);
    const first = (await c.cardOrder(who, (await c.paidIntent(who)).id)).json().data;
    expect((await d.add(who, { asset_id: ids['cart-extra-7'] })).statusCode).toBe(200);
    const second = (await c.cardOrder(who, (await c.paidIntent(who)).id)).json().data;
    const order = async (sortBy?: string) =>
      (await c.lookup(who, { userId: who.userId }, sortBy)).json().data.map((r: { orderId: string }) => r.orderId);
    expect(await order()).toEqual([second.orderId, first.orderId]);
    expect(await order('-created')).toEqual([second.orderId, first.orderId]);
    expect(await order('created')).toEqual([first.orderId, second.orderId]);
    const bad = await c.lookup(who, { userId: who.userId }, 'price');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Sort by must be one of "-created", "created".']);
  });

  it('history pages newest first, each page with the count of all the orders; a page past the end is empty with that count', async () => {
    const who = await d.user('pages');
    const refs: string[] = [];
    for (const p of ['cart-extra-3', 'cart-extra-4', 'cart-extra-5']) {
      expect((await d.add(who, { asset_id: ids[p] })).statusCode).toBe(200);
      refs.unshift((await c.cardOrder(who, (await c.paidIntent(who)).id)).json().data.orderId);
    }
    const page = async (query: string) => {
      const { total, data } = (await c.history(who, who.userId, query)).json().data;
      return { total, orderIds: data.map((r: { orderId: string }) => r.orderId) };
    };
    expect(await page('')).toEqual({ total: 3, orderIds: refs });
    expect(await page('&limit=2')).toEqual({ total: 3, orderIds: refs.slice(0, 2) });
    expect(await page('&offset=2&limit=2')).toEqual({ total: 3, orderIds: refs.slice(2) });
    expect(await page('&offset=5')).toEqual({ total: 3, orderIds: [] });
    expect((await c.history(who, who.userId, '&limit=0')).statusCode).toBe(400);
  });

  it('a malformed filter is a 400 naming the field', async () => {
    const who = await d.user('filter');
    const res = await t.app.inject({ url: '/v1/order?filter=%7Bbad', headers: { authorization: who.authorization! } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Filter must be valid JSON such as /);
  });
});
