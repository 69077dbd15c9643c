// @databases postgres: its outcome does not depend on the kind of database
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { cartTestApp, type CartFixture } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { testClock } from '../../../utils/clock';
import type { TestApp } from '../../../utils/testApp';

/**
 * A live event's replay plays `replay_days` after the show's end (streams/service.ts), and a ticket
 * that could not play is not sold: adding it, a payment intent and a voucher order are refused with
 * one sentence once the window has closed (src/shared/replayWindow.ts, the one rule of both).
 */
let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
const clock = testClock();
const DAY = 24 * 3600_000;
/** STREAM_LIVE_MINUTES' default: a show without a real one ends this long after air start. */
const LIVE_MS = 240 * 60_000;
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp({ deps: { now: clock.now } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t.close());
const db = () => t.database.db;

/** Makes the fixture event a live show that aired `airedAgo` ms ago, its replay kept `replayDays`. */
async function liveShow(path: string, airedAgo: number, replayDays: number | null) {
  await db()
    .updateTable('events')
    .set({ content_type: 'Live', air_start_date: new Date(clock.now() - airedAgo), replay_days: replayDays })
    .where('id', '=', ids[path]!)
    .execute();
}
const refusal = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

it('adding is refused once show end + replay_days has passed (show end: air start + the live window)', async () => {
  const who = await d.user('late');
  await liveShow('cart-a', 2 * DAY + LIVE_MS - 60_000, 2);
  // A minute before the replay ends it is on sale; at its end it is not.
  expect((await d.add(who, { asset_id: ids['cart-a'] })).statusCode).toBe(200);
  expect((await d.remove(who, { asset_id: ids['cart-a'] })).statusCode).toBe(200);
  clock.advance(60_000);
  expect(refusal(await d.add(who, { asset_id: ids['cart-a'] }))).toEqual([409, CART_MESSAGES.replayEnded]);
  expect((await d.get(who)).json().data.items).toEqual([]);
});

it("a real show's end counts (live_shows.ended_at); a show still on, or no replay limit, stays on sale", async () => {
  const who = await d.user('show');
  // Aired 10 days ago with a 2-day replay, but the real show ended only a day ago: still on sale.
  await liveShow('cart-b', 10 * DAY, 2);
  await db()
    .insertInto('live_shows')
    .values({
      event_id: ids['cart-b']!,
      started_at: new Date(clock.now() - 10 * DAY),
      ended_at: new Date(clock.now() - DAY),
    })
    .execute();
  expect((await d.add(who, { asset_id: ids['cart-b'] })).statusCode).toBe(200);
  // Aired long ago with no limit on the replay (null): on sale.
  await liveShow('cart-c', 400 * DAY, null);
  expect((await d.add(who, { asset_id: ids['cart-c'] })).statusCode).toBe(200);
  // The real show's end moved back three days: its replay has ended, adding is refused.
  await db()
    .updateTable('live_shows')
    .set({ ended_at: new Date(clock.now() - 3 * DAY) })
    .where('event_id', '=', ids['cart-b']!)
    .execute();
  const other = await d.user('show2');
  expect(refusal(await d.add(other, { asset_id: ids['cart-b'] }))).toEqual([409, CART_MESSAGES.replayEnded]);
});

it('a line added while the replay was open is not paid for once it has ended: intent and voucher order refused', async () => {
  const who = await d.user('payer');
  await liveShow('cart-extra-0', LIVE_MS, 1);
  expect((await d.add(who, { asset_id: ids['cart-extra-0'] })).statusCode).toBe(200);
  const amount = await c.totalCents(who);
  // Before the end a payment intent is made; a day later (the replay over) it is refused, nothing sold.
  expect((await c.intent(who, amount)).statusCode).toBe(200);
  clock.advance(DAY);
  expect(refusal(await c.intent(who, amount))).toEqual([409, CART_MESSAGES.replayEnded]);
  expect((await d.apply(who, { coupon_code: 'FIX100' })).statusCode).toBe(200);
  expect(refusal(await c.order(who, { paymentMethod: 'vouchers', amount: 0 }))).toEqual([
    409,
    CART_MESSAGES.replayEnded,
  ]);
  expect(await db().selectFrom('orders').select('id').where('user_id', '=', who.userId!).execute()).toEqual([]);
});
