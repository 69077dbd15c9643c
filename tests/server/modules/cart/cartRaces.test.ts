// @databases postgres: a race needs concurrent sessions; PGlite has one
import type { Cart } from '../../../../src/shared/contract/cart';
import type { Database } from '../../../../src/server/db/database';
import type { CartRepository } from '../../../../src/server/modules/cart/cartRepository';
import { createCartService } from '../../../../src/server/modules/cart/service';
import type { GuestCaller } from '../../../../src/server/platform/callerIdentity';
import { loadCartFixture, type CartFixture } from '../../../utils/cart';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';

/**
 * Bursts of parallel changes to one cart on PostgreSQL (PGlite runs one statement at a time, so
 * nothing races there): 50 adds, removes and coupon changes at once must leave a cart whose lines,
 * coupon and totals are consistent, and never more lines than the limit. The control runs the same
 * bursts with the row lock taken out, and shows the limit broken or a coupon left without its event.
 */
const MAX_LINES = 5;
let database: Database;
let ids: CartFixture['ids'];
beforeAll(async () => {
  database = await openRaceDatabase();
  ({ ids } = await loadCartFixture(database.db));
});
afterAll(() => database.close());

function cartsWith(change: (repo: CartRepository) => Partial<CartRepository> = () => ({})) {
  return createCartService({
    uow: unitOfWorkWith(database, 'carts', change),
    limits: { cartMaxLines: MAX_LINES },
    liveMinutes: 240,
    orderedCart: async () => null,
  });
}

const events = ['cart-a', 'cart-b', 'cart-c', ...Array.from({ length: 8 }, (_, i) => `cart-extra-${i}`)];
let round = 0;

/** 50 calls at once on one guest's cart; then what is stored, and every answer given. */
async function burst(service: ReturnType<typeof cartsWith>) {
  const guest: GuestCaller = { kind: 'guest', guestId: `race-guest-${Date.now()}-${(round += 1)}` };
  await service.add(guest, {}, ids['cart-b']!);
  const calls = Array.from({ length: 50 }, (_, i) => {
    const event = ids[events[i % events.length]!]!;
    if (i % 5 === 3) return service.remove(guest, {}, i % 10 === 3 ? ids['cart-b']! : event);
    if (i % 5 === 4) return i % 10 === 4 ? service.applyVoucher(guest, {}, 'HALFB') : service.removeVoucher(guest, {});
    return service.add(guest, {}, event);
  });
  const answers = (await Promise.allSettled(calls)).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const cart = await database.db
    .selectFrom('carts')
    .selectAll()
    .where('guest_id', '=', guest.guestId)
    .executeTakeFirstOrThrow();
  const lines = (
    await database.db.selectFrom('cart_items').select('event_id').where('cart_id', '=', cart.id).execute()
  ).map((l) => l.event_id);
  return { cart, lines, answers, final: await service.get(guest, {}) };
}

const cents = (n: number) => Math.round(n * 100);
const consistent = (c: Cart) =>
  c.items.length <= MAX_LINES &&
  cents(c.totals.grandTotal) === cents(c.totals.itemsSubtotal) - cents(c.totals.couponDiscount) &&
  c.items.reduce((n, i) => n + cents(i.finalPriceEffective), 0) === cents(c.totals.grandTotal) &&
  cents(c.totals.itemsSubtotal) === c.items.reduce((n, i) => n + cents(i.unitPrice), 0);

it('50 parallel adds, removes and coupon changes on one cart leave it consistent, every time', async () => {
  for (let i = 0; i < 3; i += 1) {
    const { cart, lines, answers, final } = await burst(cartsWith());
    expect(lines.length).toBeLessThanOrEqual(MAX_LINES);
    expect(new Set(lines).size).toBe(lines.length);
    // A stored coupon for one event is never left without that event.
    if (cart.coupon_code === 'HALFB') expect(lines).toContain(ids['cart-b']);
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every(consistent)).toBe(true);
    expect(consistent(final)).toBe(true);
    expect(final.items.map((it) => it.assetId).sort()).toEqual([...lines].sort());
  }
}, 60_000);

it('control: without the row lock the same bursts break the line limit or strand a coupon', async () => {
  // never FOR UPDATE
  const unlocked = cartsWith((repo) => ({ find: (key: Parameters<typeof repo.find>[0]) => repo.find(key) }));
  const broken: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const { cart, lines } = await burst(unlocked);
    if (lines.length > MAX_LINES) broken.push(`${lines.length} lines`);
    if (cart.coupon_code === 'HALFB' && !lines.includes(ids['cart-b']!)) broken.push('HALFB without its event');
  }
  expect(broken.length).toBeGreaterThan(0);
}, 60_000);
