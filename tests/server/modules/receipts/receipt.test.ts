// @databases both: smoke — the receipts module: an owner's order read whole
import { cartTestApp, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';

/**
 * The printable receipt: the owner's order with its id, date, buyer, lines at list and paid
 * price, coupon and discount, total, method in words and status; anyone else's order is a 404.
 */
let x: Awaited<ReturnType<typeof cartTestApp>>;
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  x = await cartTestApp();
  c = checkoutDriver(x.t.app, x.t.config.jwtSecret);
});
afterAll(async () => {
  await x?.t.close();
});

const receipt = (who: Who, cartId: number | string) =>
  x.t.app.inject({
    url: `/v1/order/${cartId}/receipt`,
    headers: who.authorization ? { authorization: who.authorization } : {},
  });
async function buy(who: Who, paths: string[], coupon?: string) {
  for (const p of paths) expect((await x.d.add(who, { asset_id: x.ids[p] })).statusCode).toBe(200);
  if (coupon) expect((await x.d.apply(who, { coupon_code: coupon })).statusCode).toBe(200);
  const total = await c.totalCents(who);
  if (total === 0) return (await c.order(who, { paymentMethod: 'vouchers', amount: 0 })).json().data;
  const { id } = await c.paidIntent(who);
  const order = await c.cardOrder(who, id);
  expect(order.statusCode).toBe(200);
  return order.json().data;
}
const emailOf = async (who: Who) =>
  (await x.t.database.db.selectFrom('users').select('email').where('id', '=', who.userId!).executeTakeFirstOrThrow())
    .email;

describe('GET /v1/order/{cartId}/receipt', () => {
  it("gives the owner the order's receipt; anyone else a 404, a guest 403, no token 401", async () => {
    const owner = await x.d.user('receipt-owner');
    const order = await buy(owner, ['cart-a', 'cart-b']);
    const res = await receipt(owner, order.cartId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.json().data).toEqual({
      shopName: 'AllAccess',
      orderId: order.orderId,
      cartId: order.cartId,
      date: order.created,
      status: 'Paid',
      endedAt: null,
      buyer: { name: expect.any(String), email: await emailOf(owner) },
      items: [
        {
          eventId: x.ids['cart-a'],
          title: 'Cart A',
          path: 'cart-a',
          listPrice: 10,
          paidPrice: 10,
          airStartDate: '2027-01-10T20:00:00.000Z',
          transferred: false,
        },
        {
          eventId: x.ids['cart-b'],
          title: 'Cart B',
          path: 'cart-b',
          listPrice: 25.5,
          paidPrice: 25.5,
          airStartDate: null,
          transferred: false,
        },
      ].sort((a, b) => a.eventId! - b.eventId!),
      coupon: null,
      subtotal: 35.5,
      total: 35.5,
      paymentMethod: 'stripe',
      paymentMethodLabel: 'Card',
    });

    const other = await x.d.user('receipt-other');
    const theirs = await receipt(other, order.cartId);
    expect([theirs.statusCode, theirs.json().message]).toEqual([404, 'This order could not be found.']);
    expect(theirs.body).not.toContain(order.orderId);
    expect((await receipt(await x.d.guest(), order.cartId)).statusCode).toBe(403);
    expect((await receipt({ label: 'nobody' }, order.cartId)).statusCode).toBe(401);
    expect((await receipt(owner, 999_999)).statusCode).toBe(404);
    expect((await receipt(owner, 'abc')).statusCode).toBe(400);
  });

  it('a coupon order shows each line at list and paid price, the code and what it took off', async () => {
    const owner = await x.d.user('receipt-coupon');
    const order = await buy(owner, ['cart-a', 'cart-b'], 'PCT25');
    const data = (await receipt(owner, order.cartId)).json().data;
    expect(data.coupon).toEqual({ code: 'PCT25', discount: 8.88 });
    expect(data.subtotal).toBe(35.5);
    expect(data.total).toBe(26.62);
    expect(data.items.map((i: { listPrice: number }) => i.listPrice)).toEqual([10, 25.5]);
    const paid = data.items.map((i: { paidPrice: number }) => i.paidPrice) as number[];
    expect(Math.round(paid.reduce((a, b) => a + b, 0) * 100)).toBe(2662);
    expect(paid[0]).toBeLessThan(10);
  });

  it("a voucher order's method is the coupon that took it to $0; a refunded order says so", async () => {
    const owner = await x.d.user('receipt-voucher');
    const order = await buy(owner, ['cart-c'], 'FIX100');
    const data = (await receipt(owner, order.cartId)).json().data;
    expect(data).toMatchObject({
      paymentMethod: 'vouchers',
      paymentMethodLabel: 'Coupon (100\u00a0%\u00a0off)',
      total: 0,
      subtotal: 0.99,
      coupon: { code: 'FIX100', discount: 0.99 },
      items: [{ title: 'Cart C', listPrice: 0.99, paidPrice: 0 }],
    });
    const at = new Date('2026-11-20T12:00:00Z');
    await x.t.database.db
      .updateTable('orders')
      .set({ status: 'Refunded', refunded_at: at })
      .where('order_ref', '=', order.orderId)
      .execute();
    expect((await receipt(owner, order.cartId)).json().data).toMatchObject({
      status: 'Refunded',
      endedAt: at.toISOString(),
    });
  });
});
