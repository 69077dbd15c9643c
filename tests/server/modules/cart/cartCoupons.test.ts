// @databases postgres: its outcome does not depend on the kind of database
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { cartDriver, cartTestApp, redeem, type CartFixture, type Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import type { TestApp } from '../../../utils/testApp';

const clock = testClock();
let t: TestApp;
let d: ReturnType<typeof cartDriver>;
let ids: CartFixture['ids'];
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp({ deps: { now: clock.now } }));
});
afterAll(() => t.close());

type CartJson = {
  id: number;
  version: number;
  coupon: {
    code: string;
    kind: string;
    percentOff: number | null;
    amountOff: number | null;
    eventId: number | null;
  } | null;
  items: { assetId: number; finalPriceEffective: number; finalPrice: number }[];
  totals: { itemsSubtotal: number; itemDiscount: number; couponDiscount: number; grandTotal: number };
};
const cartOf = (res: { json: () => { data: unknown } }) => res.json().data as CartJson;
const cents = (n: number) => Math.round(n * 100);

/** A guest (or the given caller) with these events in the cart. */
async function withCart(paths: string[], who?: Who): Promise<Who> {
  const caller = who ?? (await d.guest());
  for (const p of paths) expect((await d.add(caller, { asset_id: ids[p] })).statusCode).toBe(200);
  return caller;
}
const expectTotals = (cart: CartJson, subtotal: number, discount: number, total: number) => {
  expect(cart.totals).toEqual({
    itemsSubtotal: subtotal,
    itemDiscount: 0,
    couponDiscount: discount,
    grandTotal: total,
  });
  // Every line's share adds up to what is paid, to the cent.
  expect(cart.items.reduce((n, i) => n + cents(i.finalPriceEffective), 0)).toBe(cents(total));
};

describe('each coupon kind on A ($10) + B ($25.50)', () => {
  it.each([
    ['PCT25', 35.5, 8.88, 26.62],
    ['FIX5', 35.5, 5, 30.5],
    ['FIX100', 35.5, 35.5, 0],
    ['HALFB', 35.5, 12.75, 22.75],
    ['FIXB30', 35.5, 25.5, 10],
  ])('%s', async (code, subtotal, discount, total) => {
    const g = await withCart(['cart-a', 'cart-b']);
    const res = await d.apply(g, { coupon_code: code });
    expect([res.statusCode, res.json().message]).toEqual([200, CART_MESSAGES.couponApplied]);
    const cart = cartOf(res);
    expect(cart.coupon?.code).toBe(code);
    expectTotals(cart, subtotal, discount, total);
    expect(cartOf(await d.get(g))).toEqual(cart);
  });

  it('a one-event coupon takes off that line only', async () => {
    const cart = cartOf(await d.apply(await withCart(['cart-a', 'cart-b']), { coupon_code: 'HALFB' }));
    expect(cart.coupon).toEqual({
      code: 'HALFB',
      kind: 'percent',
      percentOff: 50,
      amountOff: null,
      eventId: ids['cart-b'],
    });
    expect(cart.items.find((i) => i.assetId === ids['cart-a'])!.finalPriceEffective).toBe(10);
    expect(cart.items.find((i) => i.assetId === ids['cart-b'])!.finalPriceEffective).toBe(12.75);
  });

  it('codes are read in any case and without spaces around', async () => {
    const res = await d.apply(await withCart(['cart-a']), { coupon_code: '  pct25 ' });
    expect(cartOf(res).coupon?.code).toBe('PCT25');
  });

  it('a second coupon replaces the first; removing it restores the totals exactly', async () => {
    const g = await withCart(['cart-a', 'cart-b', 'cart-c']);
    const before = cartOf(await d.get(g));
    expectTotals(cartOf(await d.apply(g, { coupon_code: 'PCT25' })), 36.49, 9.12, 27.37);
    const replaced = cartOf(await d.apply(g, { coupon_code: 'FIX5' }));
    expect(replaced.coupon?.code).toBe('FIX5');
    expectTotals(replaced, 36.49, 5, 31.49);
    const removed = await d.unapply(g, {});
    expect(removed.json().message).toBe(CART_MESSAGES.couponRemoved);
    expect(cartOf(removed).coupon).toBeNull();
    expect(cartOf(removed).totals).toEqual(before.totals);
    expect(cartOf(removed).items).toEqual(before.items);
  });
});

describe("refused with 'Invalid or expired coupon' (400), nothing changed", () => {
  async function refused(code: string, caller?: Who, paths = ['cart-a']) {
    const g = caller ?? (await withCart(paths));
    const before = cartOf(await d.get(g));
    const res = await d.apply(g, { coupon_code: code });
    expect([res.statusCode, res.json().message]).toEqual([400, CART_MESSAGES.invalidCoupon]);
    expect(cartOf(await d.get(g))).toEqual(before);
  }
  it('an unknown code', () => refused('NOSUCHCODE'));
  it('before its start', () => refused('LATER'));
  it('after its end', () => refused('GONE'));
  it('a one-event coupon without its event in the cart', () => refused('HALFB', undefined, ['cart-a', 'cart-c']));

  it('used up: its total redemptions reached', async () => {
    const [u1, u2] = [await d.user('twice1'), await d.user('twice2')];
    await redeem(t.database.db, 'TWICE', u1.userId!);
    expect((await d.apply(await withCart(['cart-a']), { coupon_code: 'TWICE' })).statusCode).toBe(200); // 1 of 2 used
    await redeem(t.database.db, 'TWICE', u2.userId!);
    await refused('TWICE');
    await t.database.db.deleteFrom('coupon_redemptions').where('coupon_code', '=', 'TWICE').execute();
  });

  it('used up for this user: its per-user limit reached (others, and guests, still may)', async () => {
    const used = await d.user('mine-used');
    await redeem(t.database.db, 'MINE1', used.userId!);
    await refused('MINE1', await withCart(['cart-a'], used));
    expect(
      (await d.apply(await withCart(['cart-a'], await d.user('mine-fresh')), { coupon_code: 'MINE1' })).statusCode,
    ).toBe(200);
    expect((await d.apply(await withCart(['cart-a']), { coupon_code: 'MINE1' })).statusCode).toBe(200);
  });

  it('an empty code: 400 with the spec’s message', async () => {
    const res = await d.apply(await withCart(['cart-a']), { coupon_code: '   ' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Promo code is empty ']);
  });
});

describe('a coupon that stops applying', () => {
  it('is dropped when its event leaves the cart', async () => {
    const g = await withCart(['cart-a', 'cart-b']);
    await d.apply(g, { coupon_code: 'HALFB' });
    const after = cartOf(await d.remove(g, { asset_id: ids['cart-b'] }));
    expect(after.coupon).toBeNull();
    expectTotals(after, 10, 0, 10);
    // Dropped from the cart itself, not only hidden: adding B back does not bring it back.
    const stored = await t.database.db
      .selectFrom('carts')
      .select('coupon_code')
      .where('id', '=', after.id)
      .executeTakeFirstOrThrow();
    expect(stored.coupon_code).toBeNull();
    expect(cartOf(await d.add(g, { asset_id: ids['cart-b'] })).coupon).toBeNull();
  });

  it('stops counting when it expires, without anyone touching the cart', async () => {
    const ends = new Date(clock.now() + 3_600_000).toISOString();
    await importCatalog(t.database.db, { coupons: [{ code: 'SOON', kind: 'percent', percentOff: 50, endsAt: ends }] });
    const g = await withCart(['cart-a']);
    expectTotals(cartOf(await d.apply(g, { coupon_code: 'SOON' })), 10, 5, 5);
    clock.advance(2 * 3_600_000);
    const later = cartOf(await d.get(g));
    expect(later.coupon).toBeNull();
    expectTotals(later, 10, 0, 10);
  });
});

describe('code guessing', () => {
  it('answers 429 past 10 attempts a minute from one caller; another caller is not held back', async () => {
    const guesser = await withCart(['cart-a']);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await d.apply(guesser, { coupon_code: `GUESS${i}` })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    expect((await d.apply(guesser, { coupon_code: 'PCT25' })).statusCode).toBe(429);
    expect((await d.apply(await withCart(['cart-a']), { coupon_code: 'PCT25' })).statusCode).toBe(200);
  });
});
