// @databases postgres: its outcome does not depend on the kind of database
import { cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import type { TestApp } from '../../../utils/testApp';

/**
 * GET /v1/order/history: the spec's fields of each row (docs/behaviour.md §3 "Order row"), and the
 * events each order bought, so the profile can name them.
 */
let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp());
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t.close());

/** One voucher order (FIX100 covers these small prices) of the events at `paths`. */
async function voucherOrder(who: Who, paths: string[]): Promise<string> {
  for (const p of paths) expect((await d.add(who, { asset_id: ids[p] })).statusCode).toBe(200);
  expect((await d.apply(who, { coupon_code: 'FIX100' })).statusCode).toBe(200);
  const res = await c.order(who, { paymentMethod: 'vouchers', amount: 0 });
  expect(res.statusCode).toBe(200);
  return res.json().data.orderId;
}

it('each row keeps the spec fields and names the events its order bought, by id, title and path', async () => {
  const buyer = await d.user('history-events');
  const first = await voucherOrder(buyer, ['cart-c', 'cart-a']);
  const second = await voucherOrder(buyer, ['cart-b']);
  // Someone else's order: its events are never in this buyer's rows.
  await voucherOrder(await d.user('history-other'), ['cart-extra-0']);

  const res = await c.history(buyer);
  expect(res.statusCode).toBe(200);
  const { data, total } = res.json().data;
  expect(total).toBe(2);
  // Newest first; one order of two events is one row naming both (in event id order).
  expect(data).toEqual([
    {
      orderId: second,
      cartId: expect.any(Number),
      usageType: 'Paid',
      payment_method: 'vouchers',
      rate: 0,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      events: [{ assetId: ids['cart-b'], title: 'Cart B', path: 'cart-b' }],
    },
    {
      orderId: first,
      cartId: expect.any(Number),
      usageType: 'Paid',
      payment_method: 'vouchers',
      rate: 0,
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      events: [
        { assetId: ids['cart-a'], title: 'Cart A', path: 'cart-a' },
        { assetId: ids['cart-c'], title: 'Cart C', path: 'cart-c' },
      ].sort((a, b) => a.assetId! - b.assetId!),
    },
  ]);
});

it('a page of the history names the events of its own rows only', async () => {
  const buyer = await d.user('history-pages');
  await voucherOrder(buyer, ['cart-extra-1']);
  await voucherOrder(buyer, ['cart-extra-2']);
  const res = await c.history(buyer, buyer.userId, '&offset=1&limit=1');
  const { data, total } = res.json().data;
  expect(total).toBe(2);
  expect(data.map((r: { events: { path: string }[] }) => r.events.map((e) => e.path))).toEqual([['cart-extra-1']]);
});
