// @databases postgres: its outcome does not depend on the kind of database
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import {
  cartDriver,
  cartTestApp,
  giveOrder,
  loadCartFixture,
  redeem,
  type CartFixture,
  type Who,
} from '../../../utils/cart';
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
let d: ReturnType<typeof cartDriver>;
let ids: CartFixture['ids'];
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp());
});
afterAll(() => t.close());

type CartJson = {
  id: number;
  version: number;
  cartToken: string | null;
  coupon: { code: string } | null;
  items: { assetId: number }[];
  totals: { grandTotal: number };
};
const cartOf = (res: { json: () => { data: unknown } }) => res.json().data as CartJson;
const assets = (cart: CartJson) => cart.items.map((i) => i.assetId).sort((a, b) => a - b);
const idsOf = (...paths: string[]) => paths.map((p) => ids[p]!).sort((a, b) => a - b);

async function fill(who: Who, paths: string[], coupon?: string): Promise<CartJson> {
  for (const p of paths) expect((await d.add(who, { asset_id: ids[p] })).statusCode).toBe(200);
  if (coupon) expect((await d.apply(who, { coupon_code: coupon })).statusCode).toBe(200);
  return cartOf(await d.get(who));
}
const merge = (user: Who, token: string | null) => d.merge(user, { user_id: user.userId, guest_cart_token: token });

it('moves a guest’s lines into a user with no cart yet; the guest cart is gone', async () => {
  const [guest, user] = [await d.guest(), await d.user()];
  const theirs = await fill(guest, ['cart-a', 'cart-b']);
  const res = await merge(user, theirs.cartToken);
  expect([res.statusCode, res.json().message]).toEqual([200, CART_MESSAGES.merged]);
  const merged = cartOf(res);
  expect(assets(merged)).toEqual(idsOf('cart-a', 'cart-b'));
  expect(merged.cartToken).toBeNull();
  expect(merged.totals.grandTotal).toBe(35.5);
  expect(await t.database.db.selectFrom('carts').select('id').where('id', '=', theirs.id).execute()).toEqual([]);
  expect((await d.get(guest, `?cart_token=${theirs.cartToken}`)).statusCode).toBe(403);
  // Merging the same token again is harmless: the user's cart as it is.
  const again = await merge(user, theirs.cartToken);
  expect(again.statusCode).toBe(200);
  expect(cartOf(again)).toEqual(merged);
});

it('skips events the user already has in the cart or already owns, and events no longer on sale', async () => {
  const [guest, user] = [await d.guest(), await d.user('skips')];
  await fill(user, ['cart-a']);
  const theirs = await fill(guest, ['cart-a', 'cart-b', 'cart-c', 'cart-few']);
  await giveOrder(t.database.db, user.userId!, [ids['cart-c']!]);
  await t.database.db.updateTable('events').set({ sold: 2 }).where('id', '=', ids['cart-few']!).execute();
  try {
    const merged = cartOf(await merge(user, theirs.cartToken));
    expect(assets(merged)).toEqual(idsOf('cart-a', 'cart-b'));
  } finally {
    await t.database.db.updateTable('events').set({ sold: 0 }).where('id', '=', ids['cart-few']!).execute();
  }
});

it('stops at the line limit', async () => {
  const small = await createTestApp({ config: { limits: { ...t.config.limits, cartMaxLines: 3 } } });
  try {
    const { ids: smallIds } = await loadCartFixture(small.database.db);
    const s = cartDriver(small.app);
    const [guest, user] = [await s.guest(), await s.user()];
    for (const p of ['cart-a', 'cart-b']) await s.add(user, { asset_id: smallIds[p] });
    for (const p of ['cart-c', 'cart-extra-0', 'cart-extra-1']) await s.add(guest, { asset_id: smallIds[p] });
    const token = cartOf(await s.get(guest)).cartToken;
    const merged = cartOf(await s.merge(user, { user_id: user.userId, guest_cart_token: token }));
    expect(merged.items).toHaveLength(3);
  } finally {
    await small.close();
  }
});

describe('keeps the better of two coupons on the merged cart', () => {
  it.each([
    ['the guest’s when the user has none', null, 'PCT25', 'PCT25'],
    ['the user’s when the guest has none', 'FIX5', null, 'FIX5'],
    ['the guest’s when it is worth more', 'FIX5', 'PCT25', 'PCT25'], // on $45.50: 5.00 vs 11.38
    ['the user’s when it is worth more', 'FIX100', 'PCT25', 'FIX100'],
  ])('%s', async (_n, userCoupon, guestCoupon, kept) => {
    const [guest, user] = [await d.guest(), await d.user('coupons')];
    await fill(user, ['cart-a'], userCoupon ?? undefined);
    const theirs = await fill(guest, ['cart-b', 'cart-extra-5'], guestCoupon ?? undefined);
    expect(cartOf(await merge(user, theirs.cartToken)).coupon?.code).toBe(kept);
  });

  it('not a coupon this user may no longer use (per-user limit reached)', async () => {
    const [guest, user] = [await d.guest(), await d.user('limited')];
    await redeem(t.database.db, 'MINE1', user.userId!);
    await fill(user, ['cart-a'], 'FIX5');
    const theirs = await fill(guest, ['cart-b'], 'MINE1'); // a guest may apply it; this user may not
    const merged = cartOf(await merge(user, theirs.cartToken));
    expect(merged.coupon?.code).toBe('FIX5');
  });
});

it('moves the version on, so a payment started for the old cart no longer matches', async () => {
  const [guest, user] = [await d.guest(), await d.user('version')];
  const before = await fill(user, ['cart-a']);
  const theirs = await fill(guest, ['cart-b']);
  expect(cartOf(await merge(user, theirs.cartToken)).version).toBeGreaterThan(before.version);
});
