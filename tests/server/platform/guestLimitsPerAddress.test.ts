// @databases postgres: its outcome does not depend on the kind of database
import { demoFreeStreams } from '../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../src/server/modules/catalog/importer';
import { cartDriver, loadCartFixture, type Who } from '../../utils/cart';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * The audit: five guest tokens × eleven coupon guesses from one address, in under a second, had 50
 * evaluated — a limit per guest token is as many limits as tokens one fetches. Guests' calls now also
 * count per client address (IPv6 by /64): coupon guesses, stream configs, viewing sessions. Guest
 * tokens themselves were always counted per address. Signed-in users keep their per-user limits.
 */
let t: TestApp;
let d: ReturnType<typeof cartDriver>;
let cartA: number;
beforeAll(async () => {
  t = await createTestApp();
  cartA = (await loadCartFixture(t.database.db)).ids['cart-a']!;
  await importCatalog(t.database.db, { events: [{ path: 'addr-free', title: 'Free show', streams: demoFreeStreams }] });
  d = cartDriver(t.app);
});
afterAll(() => t.close());

/** `count` guests who all call from `address` (each with a token of their own and a line in a cart). */
async function guestsAt(address: string, count: number): Promise<Who[]> {
  const guests: Who[] = [];
  for (let i = 0; i < count; i += 1) {
    const g = { ...(await d.guest(`g${i}`)), address };
    expect((await d.add(g, { asset_id: cartA })).statusCode).toBe(200);
    guests.push(g);
  }
  return guests;
}
const limited = (statuses: number[]) => statuses.filter((s) => s === 429).length;

describe('coupon guesses', () => {
  it('five guest tokens × eleven guesses from one address: ten are evaluated, the rest refused', async () => {
    const guests = await guestsAt('198.51.100.1', 5);
    const statuses: number[] = [];
    for (const g of guests)
      for (let i = 0; i < 11; i += 1) statuses.push((await d.apply(g, { coupon_code: `GUESS${i}` })).statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    expect(limited(statuses)).toBe(45);
    const refused = await d.apply(guests[4]!, { coupon_code: 'PCT25' });
    expect([refused.statusCode, refused.json().message]).toEqual([
      429,
      expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
    ]);
  });

  it('the same /64 is one address; another network, and a signed-in user on the same one, are not held back', async () => {
    const [a, b] = await guestsAt('2001:db8:5:6::1', 2);
    for (let i = 0; i < 10; i += 1) await d.apply(i % 2 ? a! : b!, { coupon_code: `NOPE${i}` });
    const neighbour = (await guestsAt('2001:db8:5:6:ffff::9', 1))[0]!;
    expect((await d.apply(neighbour, { coupon_code: 'PCT25' })).statusCode).toBe(429);
    const elsewhere = (await guestsAt('2001:db8:5:7::1', 1))[0]!;
    expect((await d.apply(elsewhere, { coupon_code: 'PCT25' })).statusCode).toBe(200);
    const user = { ...(await d.user('addr-user')), address: '2001:db8:5:6::2' };
    expect((await d.add(user, { asset_id: cartA })).statusCode).toBe(200);
    expect((await d.apply(user, { coupon_code: 'PCT25' })).statusCode).toBe(200);
    // The user's own per-user limit still counts beside it: ten a minute, then 429.
    const more: number[] = [];
    for (let i = 0; i < 10; i += 1) more.push((await d.apply(user, { coupon_code: `ZZUSER${i}` })).statusCode);
    expect(more).toEqual([...Array(9).fill(400), 429]);
  });

  it("a guest's own per-token limit still counts beside the address's", async () => {
    const [g] = await guestsAt('198.51.100.9', 1);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await d.apply(g!, { coupon_code: `ZZGUEST${i}` })).statusCode);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});

describe('stream configs and viewing sessions', () => {
  const open = (g: Who) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/viewing-sessions',
      remoteAddress: g.address!,
      headers: { authorization: g.authorization! },
      payload: { eventId: 'addr-free' },
    });
  const config = (g: Who) =>
    t.app.inject({
      url: '/v1/admin/asset/streamconfig/addr-free',
      remoteAddress: g.address!,
      headers: { authorization: g.authorization! },
    });

  it('viewing sessions: 60 a minute per address, however many guest tokens', async () => {
    const guests = await guestsAt('198.51.100.2', 3);
    const statuses: number[] = [];
    for (let i = 0; i < 75; i += 1) statuses.push((await open(guests[i % 3]!)).statusCode);
    expect(statuses.slice(0, 60)).toEqual(Array(60).fill(201));
    expect(limited(statuses)).toBe(15);
  });

  it('stream configs: 120 a minute per address, however many guest tokens', async () => {
    const guests = await guestsAt('198.51.100.3', 3);
    const statuses: number[] = [];
    for (let i = 0; i < 130; i += 1) statuses.push((await config(guests[i % 3]!)).statusCode);
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(200));
    expect(limited(statuses)).toBe(10);
    expect((await config((await guestsAt('198.51.100.4', 1))[0]!)).statusCode).toBe(200);
  });
});

it('guest tokens: 60 a minute per address (the audit confirmed; kept)', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 61; i += 1)
    statuses.push((await t.app.inject({ url: '/v1/token/guest', remoteAddress: '198.51.100.5' })).statusCode);
  expect(statuses).toEqual([...Array(60).fill(200), 429]);
});
