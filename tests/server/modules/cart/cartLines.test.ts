// @databases both: smoke — the cart module: lines, seats and sale rules in SQL
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { cartDriver, cartTestApp, giveOrder, loadCartFixture, type CartFixture } from '../../../utils/cart';
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
let d: ReturnType<typeof cartDriver>;
let ids: CartFixture['ids'];
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp());
});
afterAll(() => t.close());

const cartOf = (res: { json: () => { data: unknown } }) =>
  res.json().data as {
    id: number | null;
    cartToken: string | null;
    version: number;
    coupon: unknown;
    items: { assetId: number; finalPrice: number; unitPrice: number; finalPriceEffective: number }[];
    totals: { itemsSubtotal: number; itemDiscount: number; couponDiscount: number; grandTotal: number };
  };

describe('a guest cart', () => {
  it('is empty before the first add, then keyed by a new random token the guest keeps', async () => {
    const g = await d.guest();
    const empty = await d.get(g);
    expect(empty.statusCode).toBe(200);
    expect(cartOf(empty)).toEqual({
      id: null,
      items: [],
      cartToken: null,
      coupon: null,
      version: 0,
      totals: { itemsSubtotal: 0, itemDiscount: 0, couponDiscount: 0, grandTotal: 0 },
    });

    const added = await d.add(g, { asset_id: ids['cart-a'] });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe(CART_MESSAGES.added);
    const cart = cartOf(added);
    expect(cart.cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits
    expect(cart.version).toBe(1);
    expect(cart.items).toEqual([
      {
        assetId: ids['cart-a'],
        meta: {
          label: 'Cart A',
          second_description: 'Hall A',
          air_start_date: '2027-01-10T20:00:00.000Z',
          vodOrLivePosterImageFilePath: '/media/posters/a.svg',
          path: 'cart-a',
        },
        finalPriceEffective: 10,
        finalPrice: 10,
        unitPrice: 10,
        subscription_id: null,
      },
    ]);
    expect(cart.totals).toEqual({ itemsSubtotal: 10, itemDiscount: 0, couponDiscount: 0, grandTotal: 10 });

    // The same cart by its token, or as the guest's own.
    expect(cartOf(await d.get(g, `?cart_token=${cart.cartToken}`))).toEqual(cart);
    expect(cartOf(await d.get(g))).toEqual(cart);
    expect((await d.get(g)).headers['cache-control']).toBe('no-store');
  });

  it('holds one line per event: adding twice changes nothing', async () => {
    const g = await d.guest();
    const first = cartOf(await d.add(g, { asset_id: ids['cart-a'] }));
    const again = cartOf(await d.add(g, { asset_id: ids['cart-a'], cart_token: first.cartToken }));
    expect(again.items).toHaveLength(1);
    expect(again.version).toBe(first.version);
  });

  it('adds up in cents and answers dollars', async () => {
    const g = await d.guest();
    for (const p of ['cart-a', 'cart-b', 'cart-c']) await d.add(g, { asset_id: ids[p] });
    expect(cartOf(await d.get(g)).totals).toEqual({
      itemsSubtotal: 36.49,
      itemDiscount: 0,
      couponDiscount: 0,
      grandTotal: 36.49,
    });
  });

  it('removes a line (and a missing one is no change)', async () => {
    const g = await d.guest();
    await d.add(g, { asset_id: ids['cart-a'] });
    const both = cartOf(await d.add(g, { asset_id: ids['cart-b'] }));
    const removed = await d.remove(g, { asset_id: ids['cart-b'] });
    expect(removed.json().message).toBe(CART_MESSAGES.removed);
    expect(cartOf(removed).items.map((i) => i.assetId)).toEqual([ids['cart-a']]);
    expect(cartOf(removed).totals.grandTotal).toBe(10);
    expect(cartOf(removed).version).toBe(both.version + 1);
    const again = cartOf(await d.remove(g, { asset_id: ids['cart-b'] }));
    expect(again.version).toBe(both.version + 1);
  });
});

describe('what cannot be added (409, nothing changed)', () => {
  async function refused(asset: number, message: string, who?: Awaited<ReturnType<typeof d.guest>>) {
    const caller = who ?? (await d.guest());
    const before = cartOf(await d.add(caller, { asset_id: ids['cart-c'] }));
    const res = await d.add(caller, { asset_id: asset });
    expect([res.statusCode, res.json().message]).toEqual([409, message]);
    expect(cartOf(await d.get(caller))).toEqual(before);
  }

  it('a free event', () => refused(ids['cart-free']!, CART_MESSAGES.free));

  it('a sold-out event', async () => {
    await t.database.db.updateTable('events').set({ sold: 2 }).where('id', '=', ids['cart-few']!).execute();
    try {
      await refused(ids['cart-few']!, CART_MESSAGES.soldOut);
    } finally {
      await t.database.db.updateTable('events').set({ sold: 0 }).where('id', '=', ids['cart-few']!).execute();
    }
  });

  it('an event the user owns', async () => {
    const u = await d.user('owner');
    await giveOrder(t.database.db, u.userId!, [ids['cart-b']!]);
    await refused(ids['cart-b']!, CART_MESSAGES.owned, u);
  });

  it('an unknown event: 404', async () => {
    const res = await d.add(await d.guest(), { asset_id: 2_000_000_000 });
    expect(res.statusCode).toBe(404);
  });

  it('anything past the line limit', async () => {
    const small = await createTestApp({ config: { limits: { ...t.config.limits, cartMaxLines: 3 } } });
    try {
      const { ids: smallIds } = await loadCartFixture(small.database.db);
      const s = cartDriver(small.app);
      const g = await s.guest();
      for (const p of ['cart-a', 'cart-b', 'cart-c'])
        expect((await s.add(g, { asset_id: smallIds[p] })).statusCode).toBe(200);
      const full = await s.add(g, { asset_id: smallIds['cart-extra-0'] });
      expect([full.statusCode, full.json().message]).toEqual([409, CART_MESSAGES.full]);
      expect(cartOf(await s.get(g)).items).toHaveLength(3);
    } finally {
      await small.close();
    }
  });
});

describe('a user cart', () => {
  it('is keyed by the token’s user, with or without user_id, and has no cart token', async () => {
    const u = await d.user();
    const added = cartOf(await d.add(u, { asset_id: ids['cart-a'], user_id: u.userId }));
    expect(added.cartToken).toBeNull();
    expect(cartOf(await d.get(u, `?user_id=${u.userId}`))).toEqual(added);
    expect(cartOf(await d.get(u))).toEqual(added);
    expect(cartOf(await d.add(u, { asset_id: ids['cart-b'] })).items).toHaveLength(2);
  });

  it('two first adds at once end in one cart with both lines', async () => {
    const u = await d.user('first-adds');
    const results = await Promise.all(['cart-a', 'cart-b', 'cart-c'].map((p) => d.add(u, { asset_id: ids[p] })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(cartOf(await d.get(u)).items).toHaveLength(3);
    expect(
      await t.database.db.selectFrom('carts').select('id').where('user_id', '=', u.userId!).execute(),
    ).toHaveLength(1);
  });

  it('can be read by id by its owner (the order page)', async () => {
    const u = await d.user();
    const cart = cartOf(await d.add(u, { asset_id: ids['cart-a'] }));
    const res = await d.byId(u, cart.id!);
    expect(res.statusCode).toBe(200);
    expect(cartOf(res)).toEqual(cart);
    expect((await d.byId(u, 2_000_000_000)).statusCode).toBe(404);
  });
});

it('refuses malformed bodies with 400 naming the field, changing nothing', async () => {
  const g = await d.guest();
  for (const [body, field] of [
    [{}, 'Event is required.'],
    [{ asset_id: 'x' }, 'Event must be a number.'],
    // A JSON body's id is a JSON number: not text, not true (which coercion once read as 1).
    [{ asset_id: '1' }, 'Event must be a number.'],
    [{ asset_id: true }, 'Event must be a number.'],
    [{ asset_id: -1 }, 'Event must be more than 0.'],
    [{ asset_id: 1, cart_token: 'short' }, 'Cart key'],
    [{ asset_id: 1, extra: true }, 'The request has a field we do not accept: extra.'],
  ] as const) {
    const res = await d.add(g, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  }
  const both = await d.add(g, { asset_id: ids['cart-a'], user_id: 1, cart_token: 'a'.repeat(43) });
  expect([both.statusCode, both.json().message]).toEqual([400, 'Send user_id or cart_token, not both.']);
  expect(cartOf(await d.get(g)).id).toBeNull();
});
