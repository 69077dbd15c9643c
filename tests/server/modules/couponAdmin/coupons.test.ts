// @databases both: smoke — the couponAdmin module: coupons, their events and uses
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { STUDIO_COUPON_MESSAGES as M, type StudioCoupon } from '../../../../src/shared/contract/studioCoupons';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { cartTestApp, redeem, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { testClock } from '../../../utils/clock';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The console's coupons: made with several events, total and per-buyer uses and an
 * expiry; listed with their uses; disabled, after which the cart refuses them exactly as it refuses
 * an expired one. Bad values and a taken code get a sentence and change nothing.
 */
const clock = testClock();
let x: Awaited<ReturnType<typeof cartTestApp>>;
let organizer: Who;
beforeAll(async () => {
  x = await cartTestApp({ deps: { now: clock.now } });
  organizer = await x.d.user('organizer');
  await grantOrganizer(x.t.database.db, organizer.userId!);
});
afterAll(() => x.t.close());

const studio = (method: 'GET' | 'POST', url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url: `/v1/studio${url}`,
    headers: { authorization: organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
const create = (body: object) => studio('POST', '/coupons', body);
const inFuture = (days: number) => new Date(clock.now() + days * 86_400_000).toISOString();
const db = () => x.t.database.db;
const auditOf = (code: string) =>
  db()
    .selectFrom('audit_log')
    .select(['action', 'actor_email', 'before', 'after'])
    .where('subject_type', '=', 'coupon')
    .where('subject_id', '=', code)
    .orderBy('id')
    .execute();
/** Everything a refused call must leave as it was. */
const snapshot = async () => ({
  coupons: await db().selectFrom('coupons').selectAll().orderBy('code').execute(),
  events: await db().selectFrom('coupon_events').selectAll().orderBy('coupon_code').orderBy('event_id').execute(),
  audit: await db().selectFrom('audit_log').select('id').execute(),
});
const cartWith = async (paths: string[], who?: Who) => {
  const caller = who ?? (await x.d.guest());
  for (const p of paths) expect((await x.d.add(caller, { asset_id: x.ids[p] })).statusCode).toBe(200);
  return caller;
};

describe('create', () => {
  it('makes a percent coupon for several events, in capitals, audited', async () => {
    const expiresAt = inFuture(30);
    const res = await create({
      code: 'spring-25',
      kind: 'percent',
      percentOff: 25,
      maxRedemptions: 100,
      perUserLimit: 1,
      expiresAt,
      eventIds: [x.ids['cart-c'], x.ids['cart-a'], x.ids['cart-a']],
    });
    expect([res.statusCode, res.json().message]).toEqual([200, M.created]);
    const coupon: StudioCoupon = res.json().data;
    expect(coupon).toEqual({
      code: 'SPRING-25',
      kind: 'percent',
      percentOff: 25,
      amountOff: null,
      maxRedemptions: 100,
      perUserLimit: 1,
      startsAt: null,
      expiresAt: new Date(expiresAt).toISOString(),
      events: [
        { id: x.ids['cart-a'], title: 'Cart A' },
        { id: x.ids['cart-c'], title: 'Cart C' },
      ],
      uses: 0,
      disabledAt: null,
      status: 'active',
    });
    const audit = await auditOf('SPRING-25');
    expect(audit).toEqual([
      {
        action: 'coupon.create',
        actor_email: expect.stringContaining('organizer-'),
        before: null,
        after: expect.objectContaining({
          code: 'SPRING-25',
          percentOff: 25,
          eventIds: [x.ids['cart-a'], x.ids['cart-c']],
        }),
      },
    ]);
  });

  it('makes an amount coupon in dollars, kept in cents, for every event', async () => {
    const res = await create({ code: 'FLAT350', kind: 'fixed', amountOff: 3.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ amountOff: 3.5, percentOff: null, events: [], status: 'active' });
    const row = await db().selectFrom('coupons').selectAll().where('code', '=', 'FLAT350').executeTakeFirstOrThrow();
    expect([row.amount_off_cents, row.event_id, row.events_listed]).toEqual([350, null, false]);
    // It works at the cart at once: $3.50 off A ($10).
    const g = await cartWith(['cart-a']);
    const applied = await x.d.apply(g, { coupon_code: 'flat350' });
    expect([applied.statusCode, applied.json().data.totals.grandTotal]).toEqual([200, 6.5]);
  });

  it('a code that exists (in any case) is a 409 sentence and changes nothing', async () => {
    // A code of its own (not the first case's): a break there does not fail this case too.
    expect((await create({ code: 'TAKEN-7', kind: 'fixed', amountOff: 1 })).statusCode).toBe(200);
    const before = await snapshot();
    for (const code of ['TAKEN-7', 'taken-7', ' PCT25 ']) {
      const res = await create({ code, kind: 'fixed', amountOff: 1 });
      const shown = code.trim().toUpperCase();
      expect([res.statusCode, res.json().message]).toEqual([409, M.codeTaken(shown)]);
    }
    expect(await snapshot()).toEqual(before);
  });

  const good = { code: 'BADVALUE', kind: 'percent', percentOff: 10 };
  it.each([
    ['percent 0', { percentOff: 0 }, M.percentRange],
    ['percent 101', { percentOff: 101 }, M.percentRange],
    ['percent 12.5', { percentOff: 12.5 }, M.percentRange],
    ['percent without its percent', { percentOff: null }, M.percentNeeded],
    ['amount 0', { kind: 'fixed', percentOff: undefined, amountOff: 0 }, M.amountRange],
    ['amount below 0', { kind: 'fixed', percentOff: undefined, amountOff: -5 }, M.amountRange],
    ['amount in tenths of cents', { kind: 'fixed', percentOff: undefined, amountOff: 1.234 }, M.amountRange],
    ['amount without its amount', { kind: 'fixed', percentOff: undefined }, M.amountNeeded],
    ['both a percent and an amount', { amountOff: 5 }, M.percentAndAmount],
    ['a code with spaces', { code: 'TWO WORDS' }, M.codeShape],
    ['a code too short', { code: 'AB' }, M.codeShape],
    ['a start after the expiry', { startsAt: inFuture(5), expiresAt: inFuture(2) }, M.startsAfterExpiry],
    ['total uses 0', { maxRedemptions: 0 }, 'Max redemptions must be 1 or more.'],
  ])('%s is a 400 sentence and changes nothing', async (_name, change, message) => {
    const before = await snapshot();
    const res = await create({ ...good, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await snapshot()).toEqual(before);
  });

  it('an expiry in the past, or now, is a 400 sentence and changes nothing', async () => {
    const before = await snapshot();
    for (const expiresAt of [new Date(clock.now() - 60_000).toISOString(), new Date(clock.now()).toISOString()]) {
      const res = await create({ ...good, expiresAt });
      expect([res.statusCode, res.json().message]).toEqual([400, M.expiryPast]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('an unknown event is a 400 naming it, and changes nothing', async () => {
    const before = await snapshot();
    const res = await create({ ...good, eventIds: [x.ids['cart-a'], 999_999] });
    expect([res.statusCode, res.json().message]).toEqual([400, M.unknownEvents([999_999])]);
    expect(await snapshot()).toEqual(before);
  });
});

describe('several events at the cart', () => {
  beforeAll(async () => {
    const res = await create({
      code: 'AC50',
      kind: 'percent',
      percentOff: 50,
      eventIds: [x.ids['cart-a'], x.ids['cart-c']],
    });
    expect(res.statusCode).toBe(200);
  });

  it('takes money off its events only', async () => {
    const g = await cartWith(['cart-a', 'cart-b', 'cart-c']);
    const res = await x.d.apply(g, { coupon_code: 'AC50' });
    expect(res.statusCode).toBe(200);
    const cart = res.json().data;
    // A $10 and C $0.99 at half: 5.495 → $5.50 off (half up); B $25.50 untouched.
    expect(cart.totals).toEqual({ itemsSubtotal: 36.49, itemDiscount: 0, couponDiscount: 5.5, grandTotal: 30.99 });
    const b = cart.items.find((i: { assetId: number }) => i.assetId === x.ids['cart-b']);
    expect(b.finalPriceEffective).toBe(25.5);
    // The contract's one event: null for a coupon of two.
    expect(cart.coupon.eventId).toBeNull();
  });

  it('is refused when none of its events is in the cart', async () => {
    const g = await cartWith(['cart-b']);
    const res = await x.d.apply(g, { coupon_code: 'AC50' });
    expect([res.statusCode, res.json().message]).toEqual([400, CART_MESSAGES.invalidCoupon]);
  });

  it("an imported coupon's one event still works beside them", async () => {
    const g = await cartWith(['cart-a', 'cart-b']);
    const res = await x.d.apply(g, { coupon_code: 'HALFB' });
    expect([res.statusCode, res.json().data.totals.couponDiscount, res.json().data.coupon.eventId]).toEqual([
      200,
      12.75,
      x.ids['cart-b'],
    ]);
    const listed = (await studio('GET', '/coupons/HALFB')).json().data;
    expect(listed.events).toEqual([{ id: x.ids['cart-b'], title: 'Cart B' }]);
  });

  it('a coupon whose events were all deleted applies to none, not to every event', async () => {
    await importCatalog(db(), { events: [{ path: 'cpn-gone', title: 'Gone soon', isPremium: true, price: 4 }] });
    const gone = await db().selectFrom('events').select('id').where('path', '=', 'cpn-gone').executeTakeFirstOrThrow();
    expect((await create({ code: 'GONEEVENT', kind: 'percent', percentOff: 10, eventIds: [gone.id] })).statusCode).toBe(
      200,
    );
    await db().deleteFrom('events').where('id', '=', gone.id).execute();
    const res = await x.d.apply(await cartWith(['cart-a']), { coupon_code: 'GONEEVENT' });
    expect([res.statusCode, res.json().message]).toEqual([400, CART_MESSAGES.invalidCoupon]);
    expect((await studio('GET', '/coupons/GONEEVENT')).json().data.events).toEqual([]);
  });
});

describe('uses', () => {
  it('counts redemptions, lists the orders that used it, and says when it is used up', async () => {
    expect((await create({ code: 'FREEC', kind: 'percent', percentOff: 100, maxRedemptions: 2 })).statusCode).toBe(200);
    const c = checkoutDriver(x.t.app, x.t.config.jwtSecret);
    const buyer = await x.d.user('buyer');
    await cartWith(['cart-c'], buyer);
    expect((await x.d.apply(buyer, { coupon_code: 'FREEC' })).statusCode).toBe(200);
    const ordered = await c.order(buyer, { paymentMethod: 'vouchers', amount: 0 });
    expect(ordered.statusCode).toBe(200);
    const order = await db()
      .selectFrom('orders')
      .select(['id', 'order_ref'])
      .where('user_id', '=', buyer.userId!)
      .executeTakeFirstOrThrow();

    const detail = await studio('GET', '/coupons/freec');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({ code: 'FREEC', uses: 1, status: 'active' });
    expect(detail.json().data.orders).toEqual([
      {
        id: order.id,
        orderId: order.order_ref,
        email: expect.stringMatching(/^buyer-/),
        at: expect.any(String),
        amount: 0,
        status: expect.any(String),
      },
    ]);

    await redeem(db(), 'FREEC', (await x.d.user('other')).userId!);
    const list = (await studio('GET', '/coupons')).json().data.coupons as StudioCoupon[];
    expect(list.find((k) => k.code === 'FREEC')).toMatchObject({ uses: 2, status: 'used up' });
    // Imported coupons are listed too, after the console's own.
    const codes = list.map((k) => k.code);
    expect(codes.indexOf('FREEC')).toBeLessThan(codes.indexOf('PCT25'));
    expect(list.find((k) => k.code === 'GONE')).toMatchObject({ status: 'expired' });
    expect(list.find((k) => k.code === 'LATER')).toMatchObject({ status: 'scheduled' });
  });

  it('an unknown code is a 404 sentence', async () => {
    const res = await studio('GET', '/coupons/NOPE-NOPE');
    expect([res.statusCode, res.json().message]).toEqual([404, M.notFound('NOPE-NOPE')]);
  });
});

describe('disable', () => {
  it('the cart then refuses it exactly as an expired one, and drops it from a cart that holds it', async () => {
    expect((await create({ code: 'SOONOFF', kind: 'fixed', amountOff: 2 })).statusCode).toBe(200);
    const holder = await cartWith(['cart-a']);
    expect((await x.d.apply(holder, { coupon_code: 'SOONOFF' })).statusCode).toBe(200);

    const res = await studio('POST', '/coupons/soonoff/disable');
    expect([res.statusCode, res.json().message]).toEqual([200, M.disabled]);
    expect(res.json().data).toMatchObject({
      code: 'SOONOFF',
      status: 'disabled',
      disabledAt: new Date(clock.now()).toISOString(),
    });

    const expired = await x.d.apply(await cartWith(['cart-a']), { coupon_code: 'GONE' });
    const disabled = await x.d.apply(await cartWith(['cart-a']), { coupon_code: 'SOONOFF' });
    const refusal = (r: typeof expired) => [r.statusCode, r.json().message, r.json().data];
    expect(refusal(disabled)).toEqual(refusal(expired));
    expect(disabled.statusCode).toBe(400);
    // A cart that held it shows no coupon and the full price, as with a coupon that expired.
    const held = (await x.d.get(holder)).json().data;
    expect([held.coupon, held.totals.grandTotal]).toEqual([null, 10]);

    const audit = await auditOf('SOONOFF');
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.disable']);
    expect([
      (audit[1]!.before as { disabledAt: string | null }).disabledAt,
      (audit[1]!.after as { disabledAt: string | null }).disabledAt,
    ]).toEqual([null, new Date(clock.now()).toISOString()]);
  });

  it('a second disable changes nothing and answers the same', async () => {
    expect((await create({ code: 'TWICEOFF', kind: 'fixed', amountOff: 2 })).statusCode).toBe(200);
    expect((await studio('POST', '/coupons/TWICEOFF/disable')).statusCode).toBe(200);
    const first = (await studio('GET', '/coupons/TWICEOFF')).json().data;
    clock.advance(60_000);
    const again = await studio('POST', '/coupons/TWICEOFF/disable');
    expect(again.statusCode).toBe(200);
    const { orders: _orders, ...listed } = first;
    expect(again.json().data).toEqual(listed);
    expect((await auditOf('TWICEOFF')).length).toBe(2);
  });

  it('an unknown code is a 404 and writes nothing', async () => {
    const before = await snapshot();
    const res = await studio('POST', '/coupons/NOSUCH/disable');
    expect([res.statusCode, res.json().message]).toEqual([404, M.notFound('NOSUCH')]);
    expect(await snapshot()).toEqual(before);
  });
});
