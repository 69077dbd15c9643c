// @databases both: smoke — the sales module: sums and days grouped in SQL
import { SALES_MESSAGES } from '../../../../src/shared/contract/studioSales';
import { salesTestApp, type SalesTestApp } from '../../../utils/salesFixture';

/**
 * The console's Sales: the figures overall and per event after real purchases (a card through the
 * sandbox, a coupon, a voucher) and after a refund; the order search by e-mail and order id; an
 * order's detail with its lines, coupon and payment state. This file's app sells only what it says.
 */
let x: SalesTestApp;
type Orders = Record<'card' | 'coupon' | 'voucher', Awaited<ReturnType<SalesTestApp['cardOrder']>>>;
const orders = {} as Orders;
let cardBuyerEmail: string;

beforeAll(async () => {
  x = await salesTestApp();
  const cardBuyer = await x.buyer(['cart-a', 'cart-b'], 'salesone');
  orders.card = await x.cardOrder(cardBuyer);
  cardBuyerEmail = await x.emailOf(cardBuyer);
  orders.coupon = await x.cardOrder(await x.buyer(['cart-a'], 'salestwo', 'PCT25'));
  const voucher = await x.voucherOrder(await x.buyer(['cart-few'], 'salesthree', 'FIX100'));
  orders.voucher = { ...voucher, intentId: '' };
}, 90_000);
afterAll(() => x?.t.close());

const get = async (url: string) => {
  const res = await x.studio('GET', url);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const today = () => new Date().toISOString().slice(0, 10);
type Row = { eventId: number };
const rowOf = (data: { events: Row[] }, path: string) => data.events.find((e) => e.eventId === x.ids[path]);

describe('GET /v1/studio/sales', () => {
  it('sums the purchases: tickets, revenue, coupon uses, capacity left, a day in the series', async () => {
    const data = await get('/sales');
    expect(data.eventId).toBeNull();
    expect(data.totals).toEqual({
      orders: 3,
      sold: 4,
      revenue: 43, // 35.50 + 7.50 (10 less 25 %) + 0
      grossRevenue: 43,
      refunds: { count: 0, amount: 0 },
      couponUses: 2,
      capacity: null, // most fixture events have no limit
      capacityLeft: null,
    });
    expect(data.series).toEqual([{ date: today(), tickets: 4, revenue: 43 }]);
    expect(rowOf(data, 'cart-a')).toEqual({
      eventId: x.ids['cart-a'],
      title: 'Cart A',
      sold: 2,
      capacity: null,
      capacityLeft: null,
      revenue: 17.5,
      grossRevenue: 17.5,
      refunds: { count: 0, amount: 0 },
      couponUses: 1,
    });
    expect(rowOf(data, 'cart-few')).toMatchObject({ sold: 1, capacity: 2, capacityLeft: 1, revenue: 0, couponUses: 1 });
    expect(rowOf(data, 'cart-c')).toMatchObject({ sold: 0, revenue: 0 });
    // Most tickets first.
    expect(data.events[0].eventId).toBe(x.ids['cart-a']);
  });

  it("one event's figures with eventId; an unknown event 404; a bad one 400", async () => {
    const data = await get(`/sales?eventId=${x.ids['cart-few']}`);
    expect(data.eventId).toBe(x.ids['cart-few']);
    expect(data.events).toHaveLength(1);
    expect(data.totals).toEqual({
      orders: 1,
      sold: 1,
      revenue: 0,
      grossRevenue: 0,
      refunds: { count: 0, amount: 0 },
      couponUses: 1,
      capacity: 2,
      capacityLeft: 1,
    });
    const missing = await x.studio('GET', '/sales?eventId=2000000000');
    expect([missing.statusCode, missing.json().message]).toEqual([404, SALES_MESSAGES.eventNotFound]);
    expect((await x.studio('GET', '/sales?eventId=abc')).statusCode).toBe(400);
    expect((await x.studio('GET', '/sales?other=1')).statusCode).toBe(400);
  });
});

describe('GET /v1/studio/orders', () => {
  it('finds orders by part of the e-mail, case-insensitively, with their events, newest first', async () => {
    const page = await get(`/orders?search=${encodeURIComponent(cardBuyerEmail.slice(0, 12).toUpperCase())}`);
    expect(page.total).toBe(1);
    expect(page.rows).toEqual([
      {
        orderId: orders.card.orderId,
        id: orders.card.id,
        buyerEmail: cardBuyerEmail,
        buyerName: 'Ada Lovelace',
        events: [
          { id: x.ids['cart-a'], title: 'Cart A' },
          { id: x.ids['cart-b'], title: 'Cart B' },
        ].sort((a, b) => a.id! - b.id!),
        amount: 35.5,
        status: 'Active',
        paymentMethod: 'stripe',
        created: expect.any(String),
      },
    ]);
    const all = await get('/orders');
    expect(all.rows.map((r: { id: number }) => r.id)).toEqual([orders.voucher.id, orders.coupon.id, orders.card.id]);
    expect(all.total).toBe(3);
  });

  it('finds an order by its order id or part of it; filters by event and status; pages', async () => {
    expect((await get(`/orders?search=${orders.coupon.orderId}`)).rows.map((r: { id: number }) => r.id)).toEqual([
      orders.coupon.id,
    ]);
    expect((await get(`/orders?search=${orders.coupon.orderId.slice(4)}`)).rows[0].id).toBe(orders.coupon.id);
    const byEvent = await get(`/orders?eventId=${x.ids['cart-a']}`);
    expect(byEvent.rows.map((r: { id: number }) => r.id)).toEqual([orders.coupon.id, orders.card.id]);
    expect((await get('/orders?status=Refunded')).total).toBe(0);
    const paged = await get('/orders?limit=1&offset=1');
    expect([paged.rows.map((r: { id: number }) => r.id), paged.total]).toEqual([[orders.coupon.id], 3]);
    expect(await get('/orders?offset=10')).toEqual({ rows: [], total: 3 });
    // LIKE's wildcards are searched for as themselves.
    expect((await get('/orders?search=%25')).total).toBe(0);
    expect((await get('/orders?search=_')).total).toBe(0);
    expect((await x.studio('GET', '/orders?status=Gone')).statusCode).toBe(400);
    expect((await x.studio('GET', '/orders?limit=500')).statusCode).toBe(400);
  });
});

describe('GET /v1/studio/orders/:id', () => {
  it("a coupon order's detail: buyer, lines at list and paid price, coupon, intent, paid", async () => {
    const byId = await get(`/orders/${orders.coupon.id}`);
    expect(byId).toMatchObject({
      orderId: orders.coupon.orderId,
      id: orders.coupon.id,
      status: 'Active',
      amount: 7.5,
      buyer: { email: expect.stringContaining('salestwo'), name: 'Ada Lovelace' },
      lines: [{ eventId: x.ids['cart-a'], title: 'Cart A', listPrice: 10, paid: 7.5 }],
      coupon: 'PCT25',
      paymentMethod: 'stripe',
      paymentIntentId: orders.coupon.intentId,
      payment: { state: 'paid', refund: null },
      audit: [],
    });
    expect(await get(`/orders/${orders.coupon.orderId}`)).toEqual(byId);
  });

  it('an unknown order 404, a malformed id 400', async () => {
    const missing = await x.studio('GET', '/orders/2000000000');
    expect([missing.statusCode, missing.json().message]).toEqual([404, SALES_MESSAGES.orderNotFound]);
    expect((await x.studio('GET', '/orders/ORD-1234567890')).statusCode).toBe(404);
    expect((await x.studio('GET', '/orders/1;drop')).statusCode).toBe(400);
  });
});

describe('after a refund', () => {
  it('the figures net it out, keep it in gross, count it; search finds it as Refunded; the detail says refunded', async () => {
    expect((await x.studio('POST', `/orders/${orders.card.id}/refund`)).statusCode).toBe(200);

    const data = await get('/sales');
    expect(data.totals).toMatchObject({
      orders: 2,
      sold: 2,
      revenue: 7.5,
      grossRevenue: 43,
      refunds: { count: 1, amount: 35.5 },
      couponUses: 2,
    });
    expect(data.series).toEqual([{ date: today(), tickets: 2, revenue: 7.5 }]);
    expect(rowOf(data, 'cart-b')).toMatchObject({ sold: 0, revenue: 0, grossRevenue: 25.5, refunds: { count: 1 } });
    expect(rowOf(data, 'cart-a')).toMatchObject({ sold: 1, revenue: 7.5, refunds: { count: 1, amount: 10 } });

    const refunded = await get('/orders?status=Refunded');
    expect(refunded.rows.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [orders.card.id, 'Refunded'],
    ]);
    const detail = await get(`/orders/${orders.card.id}`);
    expect(detail.payment).toMatchObject({ state: 'refunded', refund: { amount: 35.5, attempts: 1 } });
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual(['order.refund']);
  });
});

describe('the series', () => {
  it('has a zero for each day without sales between the first sale and the last (UTC days)', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await x.db.updateTable('orders').set({ created_at: threeDaysAgo }).where('id', '=', orders.coupon.id).execute();
    const day = (offset: number) => new Date(Date.now() - offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await get('/sales')).series).toEqual([
      { date: day(3), tickets: 1, revenue: 7.5 },
      { date: day(2), tickets: 0, revenue: 0 },
      { date: day(1), tickets: 0, revenue: 0 },
      { date: day(0), tickets: 1, revenue: 0 },
    ]);
  });
});

describe('coupon uses', () => {
  it('count an order with a coupon once overall, and once for each of its events', async () => {
    const before = (await get('/sales')).totals.couponUses;
    await x.cardOrder(await x.buyer(['cart-c', 'cart-extra-1'], 'twoevents', 'PCT25'));
    const data = await get('/sales');
    expect(data.totals.couponUses).toBe(before + 1);
    expect(rowOf(data, 'cart-c')).toMatchObject({ couponUses: 1 });
    expect(rowOf(data, 'cart-extra-1')).toMatchObject({ couponUses: 1 });
  });
});
