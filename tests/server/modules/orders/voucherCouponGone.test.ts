// @databases postgres: its outcome does not depend on the kind of database
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import { cartTestApp, redeem, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import type { TestApp } from '../../../utils/testApp';

let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp());
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t.close());

async function buyer(coupon?: string): Promise<Who> {
  const who = await d.user('voucher');
  expect((await d.add(who, { asset_id: ids['cart-c'] })).statusCode).toBe(200);
  if (coupon) expect((await d.apply(who, { coupon_code: coupon })).statusCode).toBe(200);
  return who;
}
const voucher = (who: Who) => c.order(who, { paymentMethod: 'vouchers', amount: 0 });

it('a voucher order whose coupon was used up since it was applied is a 409 naming the coupon, as when it goes during the order', async () => {
  const who = await buyer('TWICE');
  const others = [await d.user('a'), await d.user('b')];
  for (const o of others) await redeem(t.database.db, 'TWICE', o.userId!);
  const res = await voucher(who);
  expect([res.statusCode, res.json().message]).toEqual([409, CART_MESSAGES.invalidCoupon]);
  expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', who.userId!).execute()).toEqual(
    [],
  );
});

it('without a coupon it is still a 400: nothing covers the total', async () => {
  const res = await voucher(await buyer());
  expect([res.statusCode, res.json().message]).toEqual([400, ORDER_MESSAGES.voucherNotFree]);
});
