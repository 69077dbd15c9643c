// @databases postgres: its outcome does not depend on the kind of database
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { ORDER_MESSAGES } from '../../../../src/shared/contract/orderMessages';
import { createCatalogRepository } from '../../../../src/server/modules/catalog/catalogRepository';
import { createReadCache } from '../../../../src/server/modules/catalog/readCache';
import { createCatalogService, SEATS_ON_PAGE_MS } from '../../../../src/server/modules/catalog/service';
import { cartTestApp, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { testClock } from '../../../utils/clock';
import type { TestApp } from '../../../utils/testApp';

/**
 * The on-sale rush: every fan reloads the event page of a capacity-limited event. The page's
 * "sold out" is at most SEATS_ON_PAGE_MS old (one database read per event and second); the sale
 * never trusts that figure: the cart, the payment intent and the order read the seats themselves.
 */
const clock = testClock();
let t: TestApp;
let ids: Record<string, number>;
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' }, deps: { now: clock.now } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
});
afterAll(() => t.close());

const page = async (path: string) => (await t.app.inject({ url: `/v1/asset/${ids[path]}` })).json().data[0];
const setSold = (path: string, sold: number) =>
  t.database.db.updateTable('events').set({ sold }).where('id', '=', ids[path]!).execute();

async function buyer(path: string): Promise<Who> {
  const who = await d.user('rush');
  expect((await d.add(who, { asset_id: ids[path] })).statusCode).toBe(200);
  return who;
}

it('the page shows seats at most a second old, while the sale reads the database every time', async () => {
  // cart-few has 2 seats. Two buyers are mid-way; the page is read (and its figure kept) with seats left.
  const paying = await buyer('cart-few');
  const paid = await c.paidIntent(paying);
  const carting = await buyer('cart-few');
  expect((await page('cart-few')).soldOut).toBe(0);

  // Another instance sells the last seats.
  await setSold('cart-few', 2);
  clock.advance(SEATS_ON_PAGE_MS - 1);
  // The page may still say seats are left: its figure is younger than the bound.
  expect((await page('cart-few')).soldOut).toBe(0);
  // The sale, at the same moment, knows better at every step.
  const adding = await d.add(await d.user('late'), { asset_id: ids['cart-few'] });
  expect([adding.statusCode, adding.json().message]).toEqual([409, CART_MESSAGES.soldOut]);
  const intent = await c.intent(carting, 3000);
  expect([intent.statusCode, intent.json().message]).toEqual([409, CART_MESSAGES.soldOut]);
  const order = await c.cardOrder(paying, paid.id);
  expect([order.statusCode, order.json().message]).toEqual([409, ORDER_MESSAGES.soldOutRefunded]);
  const { sold } = await t.database.db
    .selectFrom('events')
    .select('sold')
    .where('id', '=', ids['cart-few']!)
    .executeTakeFirstOrThrow();
  expect(sold).toBe(2);

  // A second after it was read, the page reads the seats again.
  clock.advance(1);
  expect((await page('cart-few')).soldOut).toBe(1);

  // A seat given back (a refund) shows on the page within the same bound.
  await setSold('cart-few', 1);
  expect((await page('cart-few')).soldOut).toBe(1);
  clock.advance(SEATS_ON_PAGE_MS);
  expect((await page('cart-few')).soldOut).toBe(0);
});

it('a burst of page reads asks the database for the seats once per event and second', async () => {
  const repo = createCatalogRepository(t.database.db);
  const isSoldOut = jest.fn(async () => false);
  const catalog = createCatalogService({
    repo,
    cache: createReadCache(() => repo.catalogVersion()),
    entitlements: { ownsEvent: async () => false, isSoldOut },
    shareImageOf: () => null,
    now: clock.now,
  });
  const few = String(ids['cart-few']);
  await Promise.all(Array.from({ length: 50 }, () => catalog.asset(few, null)));
  clock.advance(SEATS_ON_PAGE_MS - 1);
  await Promise.all(Array.from({ length: 50 }, () => catalog.asset(few, null)));
  expect(isSoldOut).toHaveBeenCalledTimes(1);
  clock.advance(1);
  await catalog.asset(few, null);
  expect(isSoldOut).toHaveBeenCalledTimes(2);
  // An event without a seat limit never asks.
  await catalog.asset(String(ids['cart-a']), null);
  expect(isSoldOut).toHaveBeenCalledTimes(2);
});
