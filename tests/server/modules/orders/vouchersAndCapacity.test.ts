// @databases postgres: its outcome does not depend on the kind of database
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import { SEATS_ON_PAGE_MS } from '../../../../src/server/modules/catalog/service';
import { cartTestApp, redeem, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { testClock } from '../../../utils/clock';
import type { TestApp } from '../../../utils/testApp';

let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
// The event page's seats figure may be a second old (seatsOnPage.test.ts): the test moves past it.
const clock = testClock();
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' }, deps: { now: clock.now } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t.close());

async function buyer(paths: string[], coupon?: string): Promise<Who> {
  const who = await d.user('buyer');
  for (const p of paths) expect((await d.add(who, { asset_id: ids[p] })).statusCode).toBe(200);
  if (coupon) expect((await d.apply(who, { coupon_code: coupon })).statusCode).toBe(200);
  return who;
}
const voucher = (who: Who, more: object = {}) => c.order(who, { paymentMethod: 'vouchers', amount: 0, ...more });
const db = () => t.database.db;

describe('voucher purchases (a coupon covers the whole total)', () => {
  it('makes an Active, Paid order for $0 with an ORD- id, redeems the coupon and empties the cart', async () => {
    const who = await buyer(['cart-a', 'cart-c'], 'FIX100');
    const orderId = `ORD-${Date.now()}${4321}`;
    const res = await voucher(who, { orderId });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Payment processed successfully.']);
    expect(res.json().data).toMatchObject({
      orderId,
      paymentMethod: 'vouchers',
      amount: 0,
      status: 'Active',
      usageType: 'Paid',
    });
    const cart = (await d.get(who)).json().data;
    expect([cart.items, cart.coupon]).toEqual([[], null]);
    const redemptions = await db()
      .selectFrom('coupon_redemptions')
      .selectAll()
      .where('user_id', '=', who.userId!)
      .execute();
    expect(redemptions).toEqual([expect.objectContaining({ coupon_code: 'FIX100' })]);
    const details = (await c.details(who, res.json().data.cartId)).json().data;
    expect(details.totals).toEqual({ itemsSubtotal: 10.99, itemDiscount: 0, couponDiscount: 10.99, grandTotal: 0 });
    expect(details.coupon).toMatchObject({ code: 'FIX100' });
  });

  it('the same order id sent again is the same order (a double click), never a second', async () => {
    const who = await buyer(['cart-b'], 'FIX100');
    const orderId = `ORD-${Date.now()}${77}`;
    const [a, b] = await Promise.all([voucher(who, { orderId }), voucher(who, { orderId })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.cartId).toBe(b.json().data.cartId);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', who.userId!).execute()).toHaveLength(1);
  });

  it("another user's order id reads exactly like an unused one: idempotency is per user", async () => {
    const first = await buyer(['cart-extra-3'], 'FIX100');
    const orderId = `ORD-${Date.now()}${99}`;
    const firstOrder = await voucher(first, { orderId });
    expect(firstOrder.statusCode).toBe(200);
    // The second buyer sends the first buyer's id, and a third an id nobody used: the same answers.
    const second = await buyer(['cart-extra-3'], 'FIX100');
    const third = await buyer(['cart-extra-3'], 'FIX100');
    const taken = await voucher(second, { orderId });
    const unused = await voucher(third, { orderId: `ORD-${Date.now()}${98}` });
    const shape = (r: typeof taken) => [
      r.statusCode,
      r.json().message,
      Object.keys(r.json().data).sort(),
      r.json().data.amount,
    ];
    expect(shape(taken)).toEqual(shape(unused));
    expect(taken.json().data.orderId).toBe(orderId);
    expect(taken.json().data.cartId).not.toBe(firstOrder.json().data.cartId);
    // Each buyer's own order, each sent again, is still their own and still one.
    expect((await voucher(second, { orderId })).json().data.cartId).toBe(taken.json().data.cartId);
    expect((await voucher(first, { orderId })).json().data.cartId).toBe(firstOrder.json().data.cartId);
    const owners = await db().selectFrom('orders').select('user_id').where('order_ref', '=', orderId).execute();
    expect(owners.map((o) => o.user_id).sort()).toEqual([first.userId, second.userId].sort());
  });

  it("a user's own card order's id sent with a voucher purchase is refused (it is theirs to be told)", async () => {
    const who = await buyer(['cart-extra-4']);
    const { id } = await c.paidIntent(who);
    const card = (await c.cardOrder(who, id)).json().data;
    expect((await d.add(who, { asset_id: ids['cart-extra-5'] })).statusCode).toBe(200);
    expect((await d.apply(who, { coupon_code: 'FIX100' })).statusCode).toBe(200);
    const res = await voucher(who, { orderId: card.orderId });
    expect([res.statusCode, res.json().message]).toEqual([409, ORDER_MESSAGES.orderRefTaken]);
  });

  it.each([
    ['a partial coupon', 'PCT25'],
    ['no coupon', undefined],
  ])('is refused with %s: the server total is not 0', async (_label, coupon) => {
    const who = await buyer(['cart-a'], coupon);
    const res = await voucher(who);
    expect([res.statusCode, res.json().message]).toEqual([400, ORDER_MESSAGES.voucherNotFree]);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', who.userId!).execute()).toEqual([]);
    expect((await d.get(who)).json().data.items).toHaveLength(1);
  });

  it('a client amount other than 0 is refused', async () => {
    const who = await buyer(['cart-a'], 'FIX100');
    expect((await voucher(who, { amount: 10 })).statusCode).toBe(400);
  });

  it('a coupon used up by this user meanwhile (per-user limit) is refused at checkout, changing nothing', async () => {
    const who = await buyer(['cart-a'], 'FIX100');
    // FIX100 has no limits; MINE1 has a per-user limit of 1: use it up behind the cart's back.
    await d.apply(who, { coupon_code: 'MINE1' });
    await redeem(db(), 'MINE1', who.userId!);
    const intentRes = await c.intent(who, 800);
    expect([intentRes.statusCode, intentRes.json().message]).toEqual([400, ORDER_MESSAGES.amountMismatch]);
    expect((await c.intent(who, 1000)).statusCode).toBe(200); // the coupon no longer counts: full price
  });

  it('payment intents are refused when the total is 0 (the voucher path is the way)', async () => {
    const who = await buyer(['cart-a'], 'FIX100');
    const res = await c.intent(who, 0);
    expect([res.statusCode, res.json().message]).toEqual([409, ORDER_MESSAGES.nothingToPay]);
  });
});

describe('capacity: the last ticket is sold once, and a buyer who paid for a sold-out seat is refunded', () => {
  it('cart-few (capacity 2): two orders, the third paid buyer refunded and told so; then Sold Out', async () => {
    const buyers = [await buyer(['cart-few']), await buyer(['cart-few']), await buyer(['cart-few'])];
    // Read before the sales: the event page's answers are cached; its seats figure for at most a second.
    const page = async (who?: { authorization?: string }) =>
      (
        await t.app.inject({
          url: `/v1/asset/${ids['cart-few']}`,
          headers: who?.authorization ? { authorization: who.authorization } : {},
        })
      ).json().data[0];
    expect([(await page()).soldOut, (await page(buyers[0])).canUserWatchAsset]).toEqual([0, 0]);
    const intents = [];
    for (const b of buyers) intents.push(await c.paidIntent(b));
    expect((await c.cardOrder(buyers[0]!, intents[0]!.id)).statusCode).toBe(200);
    expect((await c.cardOrder(buyers[1]!, intents[1]!.id)).statusCode).toBe(200);
    const late = await c.cardOrder(buyers[2]!, intents[2]!.id);
    expect([late.statusCode, late.json().message]).toEqual([409, ORDER_MESSAGES.soldOutRefunded]);

    const refunded = await db()
      .selectFrom('sandbox_intents')
      .select(['refunded_at', 'refund_key'])
      .where('id', '=', intents[2]!.id)
      .executeTakeFirstOrThrow();
    expect(refunded.refunded_at).not.toBeNull();
    expect(refunded.refund_key).toBe(`refund-${intents[2]!.id}`);
    const checkout = await db()
      .selectFrom('checkouts')
      .select(['status', 'order_id'])
      .where('payment_intent_id', '=', intents[2]!.id)
      .executeTakeFirstOrThrow();
    expect(checkout).toEqual({ status: 'refunded', order_id: null });
    expect(
      (await db().selectFrom('events').select('sold').where('id', '=', ids['cart-few']!).executeTakeFirstOrThrow())
        .sold,
    ).toBe(2);

    // Asked again (a retry, the webhook): the same answer, no second refund, no order.
    const again = await c.cardOrder(buyers[2]!, intents[2]!.id);
    expect([again.statusCode, again.json().message]).toEqual([409, ORDER_MESSAGES.soldOutRefunded]);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', buyers[2]!.userId!).execute()).toEqual(
      [],
    );
    // The paid buyer's cart still holds the event; nobody can pay for it any more.
    const noIntent = await c.intent(buyers[2]!, 3000);
    expect([noIntent.statusCode, noIntent.json().message]).toEqual([409, CART_MESSAGES.soldOut]);

    clock.advance(SEATS_ON_PAGE_MS);
    expect((await page()).soldOut).toBe(1);
    expect([(await page(buyers[0])).canUserWatchAsset, (await page(buyers[2])).canUserWatchAsset]).toEqual([1, 0]);
    const adding = await d.add(await d.user('late'), { asset_id: ids['cart-few'] });
    expect([adding.statusCode, adding.json().message]).toEqual([409, CART_MESSAGES.soldOut]);
  });

  it('an event with room is not sold out; a free event never is', async () => {
    expect((await t.app.inject({ url: `/v1/asset/${ids['cart-a']}` })).json().data[0].soldOut).toBe(0);
    expect((await t.app.inject({ url: `/v1/asset/${ids['cart-free']}` })).json().data[0].soldOut).toBe(0);
  });

  it('buying an event again is refused: owned events cannot be paid for twice', async () => {
    const who = await buyer(['cart-extra-4']);
    const first = await c.paidIntent(who);
    expect((await c.cardOrder(who, first.id)).statusCode).toBe(200);
    expect((await d.add(who, { asset_id: ids['cart-extra-4'] })).json().message).toBe(CART_MESSAGES.owned);
  });
});
