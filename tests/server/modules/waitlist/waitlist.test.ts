// @databases both: smoke — the waitlist module: places, holds and their lapse in SQL
import { WAITLIST_MESSAGES as M } from '../../../../src/shared/contract/waitlist';
import { CART_MESSAGES } from '../../../../src/shared/contract/cartMessages';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createMailer } from '../../../../src/server/modules/mail/mailer';
import { createWaitlistService } from '../../../../src/server/modules/waitlist/service';
import { createRepositories } from '../../../../src/server/repositories';
import { cartTestApp, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { testClock } from '../../../utils/clock';
import { grantOrganizer } from '../../../utils/studio';

/**
 * The waiting list of a sold-out event (GET|POST|DELETE /v1/waitlist/{eventId}): who may join and
 * every refusal's sentence, places in order of joining, a seat returned by the console's refund held
 * for the first in line with a mail whose link goes to checkout (the event in their cart), the holder
 * paying by card while everyone else still reads sold out, a hold that lapses passing on, and a
 * holder who leaves passing it on at once. Races: tests/server/modules/waitlist/waitlistRaces.test.ts.
 */
const clock = testClock(Date.parse('2026-12-01T12:00:00Z'));
const EVENTS = ['refusals', 'places', 'pays', 'lapse', 'leave', 'minutes', 'cancel'];
let x: Awaited<ReturnType<typeof cartTestApp>>;
let c: ReturnType<typeof checkoutDriver>;
let organizer: Who;
let sweeper: ReturnType<typeof createWaitlistService>;
beforeAll(async () => {
  x = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' }, deps: { now: clock.now } });
  c = checkoutDriver(x.t.app, x.t.config.jwtSecret);
  await importCatalog(x.t.database.db, {
    events: [
      ...EVENTS.map((name) => ({
        path: `wl-${name}`,
        title: `Waitlist ${name}`,
        isPremium: true,
        price: 15,
        capacity: 1,
      })),
      { path: 'wl-free', title: 'Waitlist free', isPremium: false },
      { path: 'wl-open', title: 'Waitlist open', isPremium: true, price: 15, capacity: 10 },
      { path: 'wl-beside', title: 'Waitlist beside', isPremium: true, price: 15, capacity: 2 },
      {
        path: 'wl-started',
        title: 'Waitlist started',
        isPremium: true,
        price: 15,
        capacity: 1,
        contentType: 'Live',
        airStartDate: '2026-11-30T20:00:00Z',
      },
    ],
  });
  const rows = await db().selectFrom('events').select(['id', 'path']).where('path', 'like', 'wl-%').execute();
  for (const r of rows) x.ids[r.path] = r.id;
  organizer = await x.d.user('organizer');
  await grantOrganizer(db(), organizer.userId!);
  // The hold sweeper's service over the same database and clock (the app runs its own every 15 s).
  const uow = createUnitOfWork(db(), createRepositories);
  sweeper = createWaitlistService({
    uow,
    mailer: createMailer({ smtpUrl: null, from: 'test@example.com', outbox: uow.repos.outbox, log: x.t.app.log }),
    publicUrl: x.t.config.publicUrl,
    log: x.t.app.log,
    now: clock.now,
  });
}, 60_000);
afterAll(() => x?.t.close());

const db = () => x.t.database.db;
const send = (method: 'GET' | 'POST' | 'DELETE', path: string, who: Who) =>
  x.t.app.inject({
    method,
    url: `/v1/waitlist/${x.ids[path]}`,
    headers: who.authorization ? { authorization: who.authorization } : {},
  });
const status = async (path: string, who: Who) => (await send('GET', path, who)).json().data;
const join = (path: string, who: Who) => send('POST', path, who);
const soldOf = async (path: string) =>
  (await db().selectFrom('events').select('sold').where('id', '=', x.ids[path]!).executeTakeFirstOrThrow()).sold;
const emailOf = async (who: Who) =>
  (await db().selectFrom('users').select('email').where('id', '=', who.userId!).executeTakeFirstOrThrow()).email;
const holdMails = async (who: Who) =>
  db()
    .selectFrom('mail_outbox')
    .select(['subject', 'text', 'html'])
    .where('to_address', '=', await emailOf(who))
    .where('subject', 'like', 'A seat is held for you%')
    .execute();

/** A fan who bought the event by card through the sandbox: the order's numeric id. */
async function buyer(path: string, label: string): Promise<{ who: Who; orderId: number }> {
  const who = await x.d.user(label);
  const added = await x.d.add(who, { asset_id: x.ids[path] });
  if (added.statusCode !== 200) throw new Error(`add: ${added.body}`);
  const intent = await c.paidIntent(who);
  const res = await c.cardOrder(who, intent.id);
  if (res.statusCode !== 200) throw new Error(`order: ${res.body}`);
  const row = await db()
    .selectFrom('orders')
    .select('id')
    .where('payment_intent_id', '=', intent.id)
    .executeTakeFirstOrThrow();
  return { who, orderId: row.id };
}
const refund = (orderId: number) =>
  x.t.app.inject({
    method: 'POST',
    url: `/v1/studio/orders/${orderId}/refund`,
    headers: { authorization: organizer.authorization! },
    payload: {},
  });
/** The event sold out to one buyer, and fans in line behind it, in this order. */
async function soldOutWithLine(path: string, labels: string[]) {
  const first = await buyer(path, `${path}buyer`);
  const line: Who[] = [];
  for (const label of labels) {
    const who = await x.d.user(label);
    expect((await join(path, who)).statusCode).toBe(200);
    line.push(who);
  }
  return { first, line };
}

describe('joining', () => {
  it('is refused with a sentence: signed out, unknown, free, not sold out, started, a ticket holder', async () => {
    expect((await join('wl-refusals', { label: 'nobody' })).statusCode).toBe(401);
    expect((await join('wl-refusals', await x.d.guest())).statusCode).toBe(403);
    const fan = await x.d.user('refused');
    const refusal = async (path: string) => {
      const res = await join(path, fan);
      return [res.statusCode, res.json().message];
    };
    x.ids['wl-none'] = 2_000_000;
    expect(await refusal('wl-none')).toEqual([404, M.notFound]);
    expect(await refusal('wl-free')).toEqual([409, M.free]);
    expect(await refusal('wl-open')).toEqual([409, M.notSoldOut]);
    expect(await refusal('wl-refusals')).toEqual([409, M.notSoldOut]);
    await db().updateTable('events').set({ sold: 1 }).where('id', '=', x.ids['wl-started']!).execute();
    expect(await refusal('wl-started')).toEqual([409, M.started]);
    const { who: holder } = await buyer('wl-refusals', 'ticketholder');
    const res = await join('wl-refusals', holder);
    expect([res.statusCode, res.json().message]).toEqual([409, M.owned]);
    expect(await status('wl-refusals', fan)).toEqual({ state: 'none', place: null, heldUntil: null });
    const answer = await send('GET', 'wl-refusals', fan);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('answers places in order of joining; joining again keeps the place; leaving moves the others up', async () => {
    const { line } = await soldOutWithLine('wl-places', ['placeone', 'placetwo', 'placethree']);
    const [one, two, three] = line as [Who, Who, Who];
    expect(await status('wl-places', one)).toEqual({ state: 'waiting', place: 1, heldUntil: null });
    expect(await status('wl-places', three)).toEqual({ state: 'waiting', place: 3, heldUntil: null });
    const again = await join('wl-places', one);
    expect([again.statusCode, again.json().message, again.json().data.place]).toEqual([200, M.joined, 1]);
    const left = await send('DELETE', 'wl-places', two);
    expect([left.statusCode, left.json().message, left.json().data.state]).toEqual([200, M.left, 'none']);
    expect((await send('DELETE', 'wl-places', two)).json().message).toBe(M.notOnList);
    expect((await status('wl-places', three)).place).toBe(2);
    // Back in line: at its end.
    expect((await join('wl-places', two)).json().data.place).toBe(3);
  });

  it('and leaving are limited per fan a minute (429); reading a place and another fan are unaffected', async () => {
    const busy = await x.d.user('busyfan');
    const calm = await x.d.user('calmfan');
    const max = x.t.config.limits.waitlistChangesPerMinute;
    const tooMany = expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/);
    // Leaving a line one is not in, and joining a free event's, change nothing and still count.
    for (let i = 0; i < max; i += 1) expect((await send('DELETE', 'wl-open', busy)).statusCode).toBe(200);
    const leaving = await send('DELETE', 'wl-open', busy);
    expect([leaving.statusCode, leaving.json().message]).toEqual([429, tooMany]);
    for (let i = 0; i < max; i += 1) expect((await join('wl-free', busy)).statusCode).toBe(409);
    const joining = await join('wl-free', busy);
    expect([joining.statusCode, joining.json().success, joining.json().message]).toEqual([429, false, tooMany]);
    expect((await send('GET', 'wl-open', busy)).statusCode).toBe(200);
    expect((await send('DELETE', 'wl-open', calm)).statusCode).toBe(200);
    expect((await join('wl-free', calm)).statusCode).toBe(409);
  });
});

describe('a returned seat', () => {
  it('is held for the first in line, mailed with a link to checkout, and paid by the holder alone', async () => {
    const { first, line } = await soldOutWithLine('wl-pays', ['holder', 'second']);
    const [holder, second] = line as [Who, Who];
    expect((await refund(first.orderId)).statusCode).toBe(200);
    // The seat went back and straight to the holder: still sold out to everyone else.
    expect(await soldOf('wl-pays')).toBe(1);
    const held = await status('wl-pays', holder);
    expect(held).toEqual({ state: 'held', place: null, heldUntil: new Date(clock.now() + 30 * 60_000).toISOString() });
    expect(await status('wl-pays', second)).toEqual({ state: 'waiting', place: 1, heldUntil: null });

    await sweeper.mailHolds();
    const mails = await holdMails(holder);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A seat is held for you: Waitlist pays');
    expect(mails[0]!.text).toContain(`Go to checkout: ${x.t.config.publicUrl}/checkout`);
    expect(mails[0]!.html).toContain(`href="${x.t.config.publicUrl}/checkout"`);
    // Mailed once however often the sweep runs.
    await sweeper.mailHolds();
    expect(await holdMails(holder)).toHaveLength(1);
    // The link lands on a payable checkout: the event is in the holder's cart.
    const cart = (await x.d.get(holder)).json().data;
    expect(cart.items.map((i: { assetId: number }) => i.assetId)).toEqual([x.ids['wl-pays']]);

    // Everyone else still reads sold out.
    const other = await x.d.user('latecomer');
    const add = await x.d.add(other, { asset_id: x.ids['wl-pays'] });
    expect([add.statusCode, add.json().message]).toEqual([409, CART_MESSAGES.soldOut]);
    const secondAdd = await x.d.add(second, { asset_id: x.ids['wl-pays'] });
    expect(secondAdd.statusCode).toBe(409);

    // The holder may add it again (idempotent) and pays with the sandbox card.
    expect((await x.d.add(holder, { asset_id: x.ids['wl-pays'] })).statusCode).toBe(200);
    const intent = await c.paidIntent(holder);
    const order = await c.cardOrder(holder, intent.id);
    expect(order.statusCode).toBe(200);
    expect(order.json().data.assetIds).toEqual([x.ids['wl-pays']]);
    expect(await soldOf('wl-pays')).toBe(1);
    expect(await status('wl-pays', holder)).toEqual({ state: 'none', place: null, heldUntil: null });
    const entry = await db()
      .selectFrom('waitlist_entries')
      .select('state')
      .where('user_id', '=', holder.userId!)
      .executeTakeFirstOrThrow();
    expect(entry.state).toBe('claimed');
    expect(await status('wl-pays', second)).toEqual({ state: 'waiting', place: 1, heldUntil: null });
  });

  it('held past its time lapses at the sweep and passes on to the next in line, who is mailed', async () => {
    const { first, line } = await soldOutWithLine('wl-lapse', ['lapser', 'nextinline', 'thirdinline']);
    const [lapser, next, third] = line as [Who, Who, Who];
    expect((await refund(first.orderId)).statusCode).toBe(200);
    expect((await status('wl-lapse', lapser)).state).toBe('held');
    clock.advance(29 * 60_000);
    expect((await sweeper.sweep()).lapsed).toBe(0);
    clock.advance(60_000);
    const swept = await sweeper.sweep();
    expect(swept.lapsed).toBeGreaterThanOrEqual(1);
    expect(await status('wl-lapse', lapser)).toEqual({ state: 'none', place: null, heldUntil: null });
    expect(await status('wl-lapse', next)).toEqual({
      state: 'held',
      place: null,
      heldUntil: new Date(clock.now() + 30 * 60_000).toISOString(),
    });
    expect(await status('wl-lapse', third)).toEqual({ state: 'waiting', place: 1, heldUntil: null });
    expect(await soldOf('wl-lapse')).toBe(1);
    expect(await holdMails(next)).toHaveLength(1);
    // The lapsed holder cannot buy it any more: sold out.
    const intent = await c.intent(lapser, await c.totalCents(lapser));
    expect([intent.statusCode, intent.json().message]).toEqual([409, CART_MESSAGES.soldOut]);
  });

  it('held past its time lapses alone: a fresh hold beside it on the same event stays held', async () => {
    const early = await buyer('wl-beside', 'besideearlybuyer');
    const late = await buyer('wl-beside', 'besidelatebuyer');
    const [overdue, fresh, heir] = await Promise.all(
      ['besideoverdue', 'besidefresh', 'besideheir'].map((label) => x.d.user(label)),
    );
    for (const who of [overdue!, fresh!, heir!]) expect((await join('wl-beside', who)).statusCode).toBe(200);
    expect((await refund(early.orderId)).statusCode).toBe(200);
    const overdueUntil = clock.now() + 30 * 60_000;
    clock.advance(20 * 60_000);
    expect((await refund(late.orderId)).statusCode).toBe(200);
    const freshUntil = new Date(clock.now() + 30 * 60_000).toISOString();
    expect(await status('wl-beside', fresh!)).toEqual({ state: 'held', place: null, heldUntil: freshUntil });
    // The sweep at the first hold's very instant: it lapses, the one taken 20 minutes later does not.
    clock.advance(overdueUntil - clock.now());
    await sweeper.sweep();
    expect(await status('wl-beside', overdue!)).toEqual({ state: 'none', place: null, heldUntil: null });
    expect(await status('wl-beside', fresh!)).toEqual({ state: 'held', place: null, heldUntil: freshUntil });
    expect((await status('wl-beside', heir!)).state).toBe('held');
    expect(await soldOf('wl-beside')).toBe(2);
  });

  it('held for a fan who leaves passes on at once, mailed to the next in line', async () => {
    const { first, line } = await soldOutWithLine('wl-leave', ['leaver', 'heir']);
    const [leaver, heir] = line as [Who, Who];
    expect((await refund(first.orderId)).statusCode).toBe(200);
    expect((await status('wl-leave', leaver)).state).toBe('held');
    const left = await send('DELETE', 'wl-leave', leaver);
    expect([left.statusCode, left.json().message]).toEqual([200, M.left]);
    expect((await status('wl-leave', heir)).state).toBe('held');
    expect(await soldOf('wl-leave')).toBe(1);
    // Mailed by the leave's own call, not a later sweep.
    expect(await holdMails(heir)).toHaveLength(1);
  });

  it("returned by the fan's own cancel is held for the first in line", async () => {
    const { first, line } = await soldOutWithLine('wl-cancel', ['cancelheir']);
    const order = await db()
      .selectFrom('orders')
      .select('cart_id')
      .where('id', '=', first.orderId)
      .executeTakeFirstOrThrow();
    const cancelled = await x.t.app.inject({
      method: 'POST',
      url: `/v1/order/${order.cart_id}/cancel`,
      headers: { authorization: first.who.authorization! },
      payload: {},
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await status('wl-cancel', line[0]!)).state).toBe('held');
    expect(await soldOf('wl-cancel')).toBe(1);
  });

  it("is held for the event's own hold time", async () => {
    await db()
      .updateTable('events')
      .set({ waitlist_hold_minutes: 45 })
      .where('id', '=', x.ids['wl-minutes']!)
      .execute();
    const { first, line } = await soldOutWithLine('wl-minutes', ['minutesfan']);
    expect((await refund(first.orderId)).statusCode).toBe(200);
    expect((await status('wl-minutes', line[0]!)).heldUntil).toBe(new Date(clock.now() + 45 * 60_000).toISOString());
  });

  it('added to a raised capacity go to the line first, one seat each, in order', async () => {
    const studio = (method: 'POST' | 'PUT', url: string, payload: object) =>
      x.t.app.inject({
        method,
        url: `/v1/studio${url}`,
        headers: { authorization: organizer.authorization! },
        payload,
      });
    const fields = { title: 'Waitlist raised', contentType: 'VOD', isPremium: true, price: 15, capacity: 1 };
    const created = await studio('POST', '/events', fields);
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json().data as { id: number; version: number };
    expect((await studio('POST', `/events/${id}/publish`, {})).statusCode).toBe(200);
    x.ids['wl-raised'] = id;
    const { line } = await soldOutWithLine('wl-raised', ['raisedone', 'raisedtwo', 'raisedthree']);
    const current = (await db().selectFrom('events').select('version').where('id', '=', id).executeTakeFirstOrThrow())
      .version;
    expect(current).toBeGreaterThanOrEqual(version);
    const raised = await studio('PUT', `/events/${id}`, { ...fields, capacity: 3, version: current });
    expect(raised.statusCode).toBe(200);
    expect(await soldOf('wl-raised')).toBe(3);
    expect((await status('wl-raised', line[0]!)).state).toBe('held');
    expect((await status('wl-raised', line[1]!)).state).toBe('held');
    expect(await status('wl-raised', line[2]!)).toEqual({ state: 'waiting', place: 1, heldUntil: null });
    await sweeper.mailHolds();
    expect(await holdMails(line[1]!)).toHaveLength(1);
  });
});
