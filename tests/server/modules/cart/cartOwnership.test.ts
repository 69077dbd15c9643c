// @databases postgres: its outcome does not depend on the kind of database
import { cartDriver, cartTestApp, type CartFixture, type Who } from '../../../utils/cart';
import type { TestApp } from '../../../utils/testApp';

/**
 * The ownership matrix: every cart call, aimed at user A's cart and at guest G's cart, by user A,
 * user B, guest G, another guest and nobody. Only the owner gets through; everyone else gets 403
 * (401 without a token), and neither cart changes.
 */
let t: TestApp;
let d: ReturnType<typeof cartDriver>;
let ids: CartFixture['ids'];
let userA: Who;
let userB: Who;
let guestG: Who;
let otherGuest: Who;
const nobody: Who = { label: 'no token' };
let gToken: string;
let aCartId: number;
let gCartId: number;

beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp());
  [userA, userB, guestG, otherGuest] = [
    await d.user('a'),
    await d.user('b'),
    await d.guest('G'),
    await d.guest('other guest'),
  ];
  aCartId = (await d.add(userA, { asset_id: ids['cart-a'] })).json().data.id;
  const g = (await d.add(guestG, { asset_id: ids['cart-b'] })).json().data;
  [gCartId, gToken] = [g.id, g.cartToken];
  await d.add(userB, { asset_id: ids['cart-c'] });
});
afterAll(() => t.close());

const snapshot = async () => ({
  carts: await t.database.db.selectFrom('carts').selectAll().orderBy('id').execute(),
  lines: await t.database.db
    .selectFrom('cart_items')
    .select(['cart_id', 'event_id'])
    .orderBy('cart_id')
    .orderBy('event_id')
    .execute(),
});

type Call = { name: string; run: (who: Who) => ReturnType<typeof d.get> };
const callsOn = (target: () => { user_id?: number; cart_token?: string }, cartId: () => number): Call[] => [
  {
    name: 'GET /cart',
    run: (who) => d.get(who, `?${new URLSearchParams(Object.entries(target()).map(([k, v]) => [k, String(v)]))}`),
  },
  { name: 'POST /cart', run: (who) => d.add(who, { asset_id: ids['cart-extra-0'], ...target() }) },
  { name: 'POST /cart/remove', run: (who) => d.remove(who, { asset_id: ids['cart-a'], ...target() }) },
  { name: 'POST /order/applyVoucher', run: (who) => d.apply(who, { coupon_code: 'PCT25', ...target() }) },
  { name: 'POST /order/removeVoucher', run: (who) => d.unapply(who, { ...target() }) },
  { name: 'GET /cart/{id}', run: (who) => d.byId(who, cartId()) },
];

describe.each([
  ["user A's cart", () => ({ user_id: userA.userId! }), () => aCartId, () => [userB, guestG, otherGuest]],
  ["guest G's cart", () => ({ cart_token: gToken }), () => gCartId, () => [userA, userB, otherGuest]],
])('%s', (_name, target, cartId, strangers) => {
  it.each(callsOn(target, cartId).map((c) => [c.name, c]))(
    '%s: 403 for every stranger, 401 without a token, nothing changed',
    async (_n, call) => {
      const before = await snapshot();
      const answers: string[] = [];
      for (const who of [...strangers(), nobody]) answers.push(`${who.label}: ${(await call.run(who)).statusCode}`);
      expect(answers).toEqual([...strangers().map((w) => `${w.label}: 403`), 'no token: 401']);
      expect(await snapshot()).toEqual(before);
    },
  );
});

it('the owners themselves get through on every call', async () => {
  for (const [who, target, cartId] of [
    [userA, { user_id: userA.userId! }, aCartId],
    [guestG, { cart_token: gToken }, gCartId],
  ] as const) {
    for (const call of callsOn(
      () => target,
      () => cartId,
    )) {
      expect([call.name, (await call.run(who)).statusCode]).toEqual([call.name, 200]);
    }
  }
});

it('merge: only the signed-in user named in user_id, never a guest or nobody', async () => {
  const guest = await d.guest();
  const token = (await d.add(guest, { asset_id: ids['cart-a'] })).json().data.cartToken as string;
  const before = await snapshot();
  expect((await d.merge(userB, { user_id: userA.userId, guest_cart_token: token })).statusCode).toBe(403);
  expect((await d.merge(guest, { user_id: userA.userId, guest_cart_token: token })).statusCode).toBe(403);
  expect((await d.merge(nobody, { user_id: userA.userId, guest_cart_token: token })).statusCode).toBe(401);
  expect(await snapshot()).toEqual(before);
});

it('an unknown cart token is not the caller’s either: 403, and nothing is created', async () => {
  const before = await snapshot();
  expect((await d.get(guestG, `?cart_token=${'x'.repeat(43)}`)).statusCode).toBe(403);
  expect((await d.add(guestG, { asset_id: ids['cart-a'], cart_token: 'x'.repeat(43) })).statusCode).toBe(403);
  expect(await snapshot()).toEqual(before);
});
