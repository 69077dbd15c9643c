// @databases postgres: a race needs concurrent sessions; PGlite has one
import { sql } from 'kysely';
import type { Database } from '../../../../src/server/db/database';
import { createUnitOfWork, type UnitOfWork } from '../../../../src/server/db/unitOfWork';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createRefundService } from '../../../../src/server/modules/orders/refundService';
import { isOrderRefusal, placeOrder } from '../../../../src/server/modules/orders/placeOrder';
import { offerSeats } from '../../../../src/server/modules/waitlist/offerSeats';
import { createWaitlistService } from '../../../../src/server/modules/waitlist/service';
import { createRepositories, type Repositories } from '../../../../src/server/repositories';
import { openRaceDatabase, unitOfWorkWith } from '../../../utils/races';

/**
 * The waiting list under everything at once, on PostgreSQL (PGlite runs one statement at a time, so
 * nothing races there). An event of CAPACITY seats sold out, LINE fans waiting; together: every
 * ticket refunded (each seat goes back and is held for the next in line), holders paying, the
 * sweeper lapsing every hold it finds past its time (passing it on), and fans outside the line
 * trying to buy. Then: never more tickets and holds than seats, `sold` counts exactly the tickets
 * and holds, every seat held went to the line in order of joining, no fan held twice, nobody
 * outside the line bought. The control takes out the one decision between a holder's payment and
 * the sweeper's lapse (a claim read first and written without its condition) and shows the seat
 * sold twice that the conditional claim prevents.
 */
const CAPACITY = 10;
const LINE = 30;
const OUTSIDERS = 10;

let database: Database;
const log = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => log } as never;
const mailer = { kind: 'outbox' as const, send: async () => {}, close: async () => {} };
const provider = { refund: async () => {} } as never;
let organizer: { userId: number; email: string };
let n = 0;

beforeAll(async () => {
  database = await openRaceDatabase();
  organizer = { userId: await user('organizer'), email: 'organizer@example.com' };
}, 60_000);
afterAll(() => database?.close());

const db = () => database.db;
async function user(label: string): Promise<number> {
  n += 1;
  const row = await db()
    .insertInto('users')
    .values({ email: `${label}-${n}@example.com`, first_name: label, last_name: '', verified: true, google_sub: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
async function event(path: string, capacity: number): Promise<number> {
  await importCatalog(db(), { events: [{ path, title: path, isPremium: true, price: 10, capacity }] });
  return (await db().selectFrom('events').select('id').where('path', '=', path).executeTakeFirstOrThrow()).id;
}
/** A ticket of the event, as an order of 0 makes it (no provider call on its refund). */
async function ticket(userId: number, eventId: number): Promise<number> {
  await db()
    .updateTable('events')
    .set((eb) => ({ sold: eb('sold', '+', 1) }))
    .where('id', '=', eventId)
    .execute();
  const order = await db()
    .insertInto('orders')
    .values({ order_ref: `RACE-${userId}-${eventId}`, user_id: userId, payment_method: 'vouchers', amount_cents: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('order_items').values({ order_id: order.id, event_id: eventId, price_cents: 0 }).execute();
  return order.id;
}
/** The event's free seats offered to its line, as a refund or a raised capacity does. */
const offerSeatsFor = (repos: Repositories, eventId: number) => offerSeats(repos, [eventId], new Date());
const join = (eventId: number, userId: number) =>
  db().insertInto('waitlist_entries').values({ event_id: eventId, user_id: userId }).execute();

/** An order of the event for this fan, as checkout makes it (claims their hold, or takes a free seat). */
async function buy(uow: UnitOfWork<Repositories>, userId: number, eventId: number): Promise<boolean> {
  try {
    await uow.transaction((repos) =>
      placeOrder(repos, {
        userId,
        paymentMethod: 'vouchers',
        paymentIntentId: null,
        amountCents: 0,
        couponCode: null,
        lines: [{ eventId, priceCents: 0, paidCents: 0 }],
        cartId: 0,
        now: new Date(),
      }),
    );
    return true;
  } catch (err) {
    if (isOrderRefusal(err)) return false;
    throw err;
  }
}

/** Tickets (Active orders) and holds of the event, and its `sold`. */
async function tally(eventId: number) {
  const tickets = await db()
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select(['orders.user_id'])
    .where('order_items.event_id', '=', eventId)
    .where('orders.status', '=', 'Active')
    .execute();
  const entries = await db()
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('id')
    .execute();
  const { sold } = await db().selectFrom('events').select('sold').where('id', '=', eventId).executeTakeFirstOrThrow();
  return { tickets: tickets.map((t) => t.user_id), entries, sold };
}

it(`${CAPACITY} seats, ${LINE} in line: refunds, payments, lapses and outsiders at once never oversell and keep the order`, async () => {
  const eventId = await event('race-waitlist-main', CAPACITY);
  const buyers = await Promise.all(Array.from({ length: CAPACITY }, (_, i) => user(`buyer${i}`)));
  const orders = [];
  for (const b of buyers) orders.push(await ticket(b, eventId));
  const line: number[] = [];
  for (let i = 0; i < LINE; i += 1) {
    const fan = await user(`fan${i}`);
    await join(eventId, fan);
    line.push(fan);
  }
  const outsiders = await Promise.all(Array.from({ length: OUTSIDERS }, (_, i) => user(`outsider${i}`)));

  const uow = createUnitOfWork(db(), createRepositories);
  const refunds = createRefundService({ uow, provider, mailer, log });
  // The sweeper's clock is far ahead: every hold it finds is past its time.
  const later = Date.now() + 24 * 3600_000;
  const sweeper = createWaitlistService({ uow, mailer, publicUrl: 'http://shop', log, now: () => later });
  let sweeping = true;
  const sweeps = (async () => {
    while (sweeping) await sweeper.lapseHolds();
  })();
  const paid: number[] = [];
  // Every fan in line tries to pay a few times while the refunds come in (a holder's payment claims the hold).
  const payers = line.map(async (fan, i) => {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await new Promise((r) => setTimeout(r, (i % 7) * 3 + attempt * 5));
      if (await buy(uow, fan, eventId)) {
        paid.push(fan);
        return;
      }
    }
  });
  const outsiderBuys = outsiders.map((o) => buy(uow, o, eventId));
  await Promise.all([
    ...orders.map((id) => refunds.refund(organizer, id)),
    ...payers,
    ...outsiderBuys.map(async (p) => expect(await p).toBe(false)),
  ]);
  sweeping = false;
  await sweeps;

  const { tickets, entries, sold } = await tally(eventId);
  const held = entries.filter((e) => e.state === 'held');
  // Never oversold, and `sold` counts exactly the tickets and the holds.
  expect(tickets.length + held.length).toBeLessThanOrEqual(CAPACITY);
  expect(sold).toBe(tickets.length + held.length);
  // Every returned seat stayed with the line: no outsider bought, and the line has all ten.
  for (const o of outsiders) expect(tickets).not.toContain(o);
  expect(tickets.length + held.length).toBe(CAPACITY);
  expect(new Set(tickets).size).toBe(tickets.length);
  expect([...tickets].sort()).toEqual([...paid].sort());
  // Holds went in order of joining: every fan ever held joined before every fan still waiting.
  const everHeld = entries.filter((e) => e.held_at !== null);
  const waiting = entries.filter((e) => e.state === 'waiting');
  expect(everHeld.map((e) => e.user_id)).toEqual(line.slice(0, everHeld.length));
  for (const w of waiting) expect(BigInt(w.id)).toBeGreaterThan(BigInt(everHeld.at(-1)!.id));
  // No fan held twice, and a fan who paid did so on their hold.
  expect(new Set(everHeld.map((e) => e.user_id)).size).toBe(everHeld.length);
  for (const fan of paid) expect(entries.find((e) => e.user_id === fan)?.state).toBe('claimed');
}, 60_000);

/**
 * A holder paying just as the sweeper lapses the hold: `claimHold` read first, then (after a pause
 * that lets the lapse commit) written. The guarded claim writes only `where state = 'held'`. The
 * payment's line lock is taken out in both runs (it would make the lapse wait): this is the
 * conditional claim alone; the lock is tested by the claim-then-lapse rounds below.
 */
async function claimRacingLapse(guarded: boolean) {
  const eventId = await event(`race-waitlist-claim-${guarded ? 'guarded' : 'control'}`, 1);
  const holder = await user('holder');
  const next = await user('next');
  await join(eventId, holder);
  await join(eventId, next);
  const at = new Date(Date.now() - 60 * 60_000);
  // The holder's seat: taken and held, its time over an hour ago.
  await createUnitOfWork(db(), createRepositories).transaction(async (repos) => {
    await repos.waitlist.lockLine(eventId);
    await repos.waitlist.takeSeat(eventId);
    const entry = await repos.waitlist.nextWaiting(eventId);
    await repos.waitlist.hold(entry!.id, at, new Date(at.getTime() + 30 * 60_000));
  });
  const uow = unitOfWorkWith(database, 'waitlist', (repo, trx) => ({
    lockLine: async () => undefined,
    async claimHold(userId, id, when) {
      const read = await trx
        .selectFrom('waitlist_entries')
        .select('state')
        .where('user_id', '=', userId)
        .where('event_id', '=', id)
        .where('state', '=', 'held')
        .executeTakeFirst();
      await new Promise((r) => setTimeout(r, 300));
      if (guarded) return repo.claimHold(userId, id, when);
      if (!read) return false;
      // The control: written as read, whatever happened meanwhile.
      await sql`update waitlist_entries set state = 'claimed', ended_at = ${when} where user_id = ${userId} and event_id = ${id} and state in ('held', 'lapsed')`.execute(
        trx,
      );
      return true;
    },
  }));
  const sweeper = createWaitlistService({
    uow: createUnitOfWork(db(), createRepositories),
    mailer,
    publicUrl: '',
    log,
  });
  const payment = buy(uow, holder, eventId);
  await new Promise((r) => setTimeout(r, 50));
  await sweeper.lapseHolds();
  const paidOk = await payment;
  const { tickets, entries, sold } = await tally(eventId);
  const held = entries.filter((e) => e.state === 'held').length;
  return { paidOk, tickets: tickets.length, held, sold };
}

it('a holder paying as the hold lapses: decided once (the payment is refused, the seat passes on)', async () => {
  const r = await claimRacingLapse(true);
  expect(r).toEqual({ paidOk: false, tickets: 0, held: 1, sold: 1 });
});

it('control: a claim written without its condition sells the seat twice (a ticket and a hold for one seat)', async () => {
  const r = await claimRacingLapse(false);
  expect(r.paidOk).toBe(true);
  expect(r.tickets + r.held).toBe(2);
  expect(r.sold).toBe(1);
});

/** An event of one seat sold to a hold of `holder` (a fan `next` waiting behind), the hold past its time. */
async function heldPastItsTime(path: string): Promise<{ eventId: number; holder: number }> {
  const eventId = await event(path, 1);
  const holder = await user('holder');
  await join(eventId, holder);
  await join(eventId, await user('next'));
  const at = new Date(Date.now() - 60 * 60_000);
  await createUnitOfWork(db(), createRepositories).transaction(async (repos) => {
    await repos.waitlist.lockLine(eventId);
    await repos.waitlist.takeSeat(eventId);
    const entry = await repos.waitlist.nextWaiting(eventId);
    await repos.waitlist.hold(entry!.id, at, new Date(at.getTime() + 30 * 60_000));
  });
  return { eventId, holder };
}

/**
 * The holder's payment and the sweeper's lapse of the same hold, started together, `rounds` times;
 * every other round the payment pauses right after its claim, so the lapse comes in between the
 * claim and the order's insert (claim-then-lapse: the insert's foreign key check takes KEY SHARE on
 * the event row). Guarded, the payment takes the line's lock before its claim and the line's lock
 * lets a foreign key check through. The control takes both out (no line lock in the payment, the
 * sweeper's lock FOR UPDATE): the payment holds the entry, the sweeper the event row, each waits on
 * the other, and PostgreSQL kills one (40P01).
 */
async function claimAndLapse(guarded: boolean, rounds: number) {
  const errors: string[] = [];
  const winners: ('payment' | 'lapse')[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const { eventId, holder } = await heldPastItsTime(`race-waitlist-deadlock-${guarded ? 'g' : 'c'}-${round}`);
    const pause = round % 2 === 0 || !guarded;
    const payer = unitOfWorkWith(database, 'waitlist', (repo) => ({
      ...(guarded ? {} : { lockLine: async () => undefined }),
      async claimHold(userId, id, when) {
        const claimed = await repo.claimHold(userId, id, when);
        if (pause) await new Promise((r) => setTimeout(r, 150));
        return claimed;
      },
    }));
    const sweeperUow = guarded
      ? createUnitOfWork(db(), createRepositories)
      : unitOfWorkWith(database, 'waitlist', (_repo, trx) => ({
          lockLine: (id) =>
            trx.selectFrom('events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst() as never,
        }));
    const sweeper = createWaitlistService({ uow: sweeperUow, mailer, publicUrl: '', log });
    const codeOf = (err: unknown) => String((err as { code?: string }).code ?? err);
    const [paid] = await Promise.all([
      buy(payer, holder, eventId).catch((err: unknown) => void errors.push(codeOf(err))),
      (async () => {
        if (pause) await new Promise((r) => setTimeout(r, 50));
        await sweeper.lapseHolds().catch((err: unknown) => void errors.push(codeOf(err)));
      })(),
    ]);
    const { tickets, entries, sold } = await tally(eventId);
    const state = entries.find((e) => e.user_id === holder)?.state;
    if (paid === true && tickets.length === 1 && state === 'claimed' && sold === 1) winners.push('payment');
    else if (paid === false && tickets.length === 0 && state === 'lapsed' && sold === 1) winners.push('lapse');
  }
  return { errors, winners };
}

it('a holder paying and the sweeper lapsing the same hold, 20 rounds: no deadlock, exactly one wins each round', async () => {
  const r = await claimAndLapse(true, 20);
  expect(r.errors).toEqual([]);
  expect(r.winners).toHaveLength(20);
}, 60_000);

it('control: without the line lock before the claim (and with FOR UPDATE) a claim-then-lapse deadlocks', async () => {
  const r = await claimAndLapse(false, 2);
  expect(r.errors).toContain('40P01');
}, 60_000);

/**
 * A fan leaving the line just as a refund's seat is held for them: the leave reads the fan's entry,
 * then the refund runs before the leave ends it. Guarded, the leave reads under the line's lock, so
 * the refund waits for it (the leave goes on once PostgreSQL shows a session waiting on a lock) and
 * holds the seat for the next fan; the control takes the lock out and lets the refund commit between
 * the leave's read and its write: the leave ends a hold it read as waiting, and the seat stays
 * counted with nobody holding it. Each step waits on the one before, never on the clock, so a busy
 * machine cannot turn the control into a leave that simply came first.
 */
async function leaveRacingRefund(guarded: boolean) {
  const eventId = await event(`race-waitlist-leave-${guarded ? 'guarded' : 'control'}`, 1);
  const buyer = await user('leavebuyer');
  const orderId = await ticket(buyer, eventId);
  const leaver = await user('leaver');
  const next = await user('leavenext');
  await join(eventId, leaver);
  await join(eventId, next);
  let entryRead!: () => void;
  const entryWasRead = new Promise<void>((resolve) => (entryRead = resolve));
  let refundCommitted!: () => void;
  const refunded = new Promise<void>((resolve) => (refundCommitted = resolve));
  const uow = unitOfWorkWith(database, 'waitlist', (repo) => ({
    ...(guarded ? {} : { lockLine: async () => undefined }),
    async openEntry(id, userId) {
      const entry = await repo.openEntry(id, userId);
      entryRead();
      if (guarded) await someSessionWaitsOnALock();
      else await refunded;
      return entry;
    },
  }));
  const leaving = createWaitlistService({ uow, mailer, publicUrl: '', log });
  const refunds = createRefundService({ uow: createUnitOfWork(db(), createRepositories), provider, mailer, log });
  const left = leaving.leave({ kind: 'user', userId: leaver } as never, eventId);
  await entryWasRead;
  await Promise.all([left, refunds.refund(organizer, orderId).then(refundCommitted)]);
  const { tickets, entries, sold } = await tally(eventId);
  const held = entries.filter((e) => e.state === 'held').map((e) => e.user_id);
  return { tickets: tickets.length, held, sold, next };
}

/** Resolves once PostgreSQL shows a session of this database waiting on a lock (the refund on the line's). */
async function someSessionWaitsOnALock() {
  for (let tries = 0; tries < 500; tries += 1) {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
    if (Number(rows[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the refund never waited on the line lock');
}

it('a fan leaving as a refund holds their seat: the line is taken in turn, the seat goes to the next fan', async () => {
  const r = await leaveRacingRefund(true);
  expect(r).toEqual({ tickets: 0, held: [r.next], sold: 1, next: r.next });
});

it('control: a leave without the line lock ends a fresh hold as if waiting, and the seat is lost', async () => {
  const r = await leaveRacingRefund(false);
  expect(r.held).toEqual([]);
  expect(r.sold).toBe(1);
});

it('two sweepers at once (two instances) mail each new hold once', async () => {
  const eventId = await event('race-waitlist-mail', 5);
  const fans = [];
  for (let i = 0; i < 5; i += 1) fans.push(await user(`mailfan${i}`));
  // Only this event's holds are counted (the tests before left holds of their own unmailed).
  const emails = await db().selectFrom('users').select('email').where('id', 'in', fans).execute();
  for (const fan of fans) await join(eventId, fan);
  await createUnitOfWork(db(), createRepositories).transaction((repos) => offerSeatsFor(repos, eventId));
  const sent: string[] = [];
  const counting = { ...mailer, send: async (m: { to: string }) => void sent.push(m.to) };
  const sweepers = [0, 1].map(() =>
    createWaitlistService({ uow: createUnitOfWork(db(), createRepositories), mailer: counting, publicUrl: '', log }),
  );
  await Promise.all([...sweepers, ...sweepers].map((s) => s.mailHolds()));
  const ours = sent.filter((to) => emails.some((e) => e.email === to));
  expect(ours).toHaveLength(5);
  expect(new Set(ours).size).toBe(5);
});
