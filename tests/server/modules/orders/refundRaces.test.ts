// @databases postgres: a race needs concurrent sessions; PGlite has one
import { sql } from 'kysely';
import { SALES_MESSAGES } from '../../../../src/shared/contract/studioSales';
import { createUnitOfWork, type UnitOfWork } from '../../../../src/server/db/unitOfWork';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import type { Mail } from '../../../../src/server/modules/mail/mailer';
import { createRefundService, refundKey } from '../../../../src/server/modules/orders/refundService';
import { createSandboxProvider } from '../../../../src/server/modules/payments/sandboxProvider';
import { createRepositories, type Repositories } from '../../../../src/server/repositories';
import { createEntitlements } from '../../../../src/server/modules/orders/entitlements';
import type { RefundRepository } from '../../../../src/server/modules/orders/refundRepository';
import type { ViewingSessionRepository } from '../../../../src/server/modules/streams/viewingSessionRepository';
import { createViewingSessions } from '../../../../src/server/modules/streams/viewingSessionService';
import { cartTestApp, giveOrder, type CartFixture, type Who } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { unitOfWorkWith } from '../../../utils/races';
import { grantOrganizer } from '../../../utils/studio';
import type { TestApp } from '../../../utils/testApp';

/**
 * The console's refund under double clicks and two organizers at once, on PostgreSQL (PGlite runs
 * one statement at a time, so nothing races there): however many calls refund one order together,
 * the provider is asked once, one seat comes back, one mail goes out. The control takes the claim
 * out (a claim that always succeeds) and shows the double refund and the double seat it prevents.
 * And a refund racing the fan's plays leaves no session open: the controls take out the refund's
 * ticket locks, or the play's check of the order under its lock, and show a play outliving it.
 */
const CLICKS = 20;
const OTHER_BUYERS = 6;

let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
const organizers: Who[] = [];
beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
  await importCatalog(t.database.db, {
    events: ['http', 'service', 'control', 'plays'].map((name) => ({
      path: `race-refund-${name}`,
      title: `Refund race (${name})`,
      isPremium: true,
      price: 20,
      capacity: 100,
    })),
  });
  const rows = await t.database.db
    .selectFrom('events')
    .select(['id', 'path'])
    .where('path', 'like', 'race-refund-%')
    .execute();
  for (const r of rows) ids[r.path] = r.id;
  for (const label of ['organizerone', 'organizertwo']) {
    const who = await d.user(label);
    await grantOrganizer(t.database.db, who.userId!);
    organizers.push(who);
  }
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** A card order of `path` (the sandbox's 4242), and its numeric id. */
async function cardOrder(path: string, label: string): Promise<{ who: Who; id: number; intentId: string }> {
  const who = await d.user(label);
  expect((await d.add(who, { asset_id: ids[path] })).statusCode).toBe(200);
  const intent = await c.paidIntent(who);
  const res = await c.cardOrder(who, intent.id);
  if (res.statusCode !== 200) throw new Error(`order: ${res.body}`);
  const row = await db()
    .selectFrom('orders')
    .select('id')
    .where('payment_intent_id', '=', intent.id)
    .executeTakeFirstOrThrow();
  return { who, id: row.id, intentId: intent.id };
}

/** The order to refund, and other buyers of its event, so a seat returned twice shows. */
async function orderAmongOthers(path: string) {
  for (let i = 0; i < OTHER_BUYERS; i += 1) await cardOrder(path, `other${path.replace(/\W/g, '')}${i}`);
  const order = await cardOrder(path, `refunded${path.replace(/\W/g, '')}`);
  return { ...order, soldBefore: await soldOf(path) };
}

const soldOf = async (path: string) =>
  (await db().selectFrom('events').select('sold').where('id', '=', ids[path]!).executeTakeFirstOrThrow()).sold;
const mailsTo = async (userId: number) => {
  const user = await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return db()
    .selectFrom('mail_outbox')
    .select('subject')
    .where('to_address', '=', user.email)
    .where('subject', 'like', '%was refunded')
    .execute();
};

/** The refund service over `uow`, with a provider and a mailer that count what they are asked. */
function countingRefunds(uow: UnitOfWork<Repositories>) {
  const sandbox = createSandboxProvider({
    repo: uow.repos.sandbox,
    webhookSecret: 'race-webhook-secret',
    eventDelayMs: 600_000,
    log: t.app.log,
  });
  const asked: string[] = [];
  const mails: Mail[] = [];
  const service = createRefundService({
    uow,
    provider: {
      ...sandbox,
      refund: async (intentId, key) => {
        asked.push(key);
        await sandbox.refund(intentId, key);
      },
    },
    mailer: { kind: 'outbox', send: async (m) => void mails.push(m), close: async () => {} },
    log: t.app.log,
  });
  return { service, asked, mails };
}

it(`two organizers clicking Refund ${CLICKS / 2} times each, all at once: one refund, one seat back, one mail, one audit entry`, async () => {
  const order = await orderAmongOthers('race-refund-http');

  const answers = await Promise.all(
    Array.from({ length: CLICKS }, (_, i) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/studio/orders/${order.id}/refund`,
        headers: { authorization: organizers[i % 2]!.authorization! },
        payload: {},
      }),
    ),
  );

  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  // The others: refunded already, or under way (the first call still at the provider); never a 5xx.
  const others = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().message}`);
  expect(others).toHaveLength(CLICKS - 1);
  for (const other of others)
    expect([`409 ${SALES_MESSAGES.alreadyRefunded}`, `409 ${SALES_MESSAGES.refundUnderWay}`]).toContain(other);
  expect(await soldOf('race-refund-http')).toBe(order.soldBefore - 1);
  expect(await mailsTo(order.who.userId!)).toHaveLength(1);
  expect(
    await db()
      .selectFrom('audit_log')
      .select('id')
      .where('subject_type', '=', 'order')
      .where('subject_id', '=', String(order.id))
      .execute(),
  ).toHaveLength(1);
  expect(
    await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirst(),
  ).toMatchObject({ status: 'done', attempts: 1 });
  expect(
    await db().selectFrom('sandbox_intents').select('refund_key').where('id', '=', order.intentId).executeTakeFirst(),
  ).toEqual({ refund_key: refundKey(order.id) });
}, 120_000);

it(`${CLICKS} refunds of one order at once: the provider is asked once, one seat comes back, one mail`, async () => {
  const order = await orderAmongOthers('race-refund-service');
  const { service, asked, mails } = countingRefunds(createUnitOfWork(db(), createRepositories));
  const actor = { userId: organizers[0]!.userId!, email: 'organizer@example.com' };

  const results = await Promise.allSettled(Array.from({ length: CLICKS }, () => service.refund(actor, order.id)));

  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  expect(asked).toEqual([refundKey(order.id)]);
  expect(mails).toHaveLength(1);
  expect(await soldOf('race-refund-service')).toBe(order.soldBefore - 1);
}, 120_000);

it('control: with a claim that always succeeds, the same burst refunds more than once and returns more than one seat', async () => {
  const order = await orderAmongOthers('race-refund-control');
  // The claim taken out: an upsert that hands every caller the refund, as if nobody had claimed it.
  const unclaimed = unitOfWorkWith(t.database, 'refunds', (_repo, trx) => ({
    claim: (refund, at) =>
      trx
        .insertInto('refunds')
        .values({
          order_id: refund.orderId,
          requested_by: refund.requestedBy,
          amount_cents: refund.amountCents,
          idempotency_key: refund.idempotencyKey,
          attempts: 1,
          created_at: at,
        })
        .onConflict((oc) => oc.column('order_id').doUpdateSet({ status: 'pending', completed_at: null }))
        .returningAll()
        .executeTakeFirst(),
  }));
  const { service, asked } = countingRefunds(unclaimed);
  const actor = { userId: organizers[1]!.userId!, email: 'organizer@example.com' };

  await Promise.allSettled(Array.from({ length: CLICKS }, () => service.refund(actor, order.id)));

  expect(asked.length).toBeGreaterThan(1);
  expect(await soldOf('race-refund-control')).toBeLessThan(order.soldBefore - 1);
}, 120_000);

// ── A refund racing the fan's plays ───────────────────────────────────────────────────────────────
const PLAYS = 12;
const PLAY_ROUNDS = 4;

let fans = 0;
/** A new fan holding a ticket (a $0 order) for the plays' event, and that order's id. */
async function fanWithTicket(): Promise<{ userId: number; orderId: number }> {
  fans += 1;
  const user = await db()
    .insertInto('users')
    .values({
      email: `race-plays-${fans}-${Date.now()}@example.com`,
      first_name: 'Race',
      last_name: 'Plays',
      verified: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await giveOrder(db(), user.id, [ids['race-refund-plays']!]);
  const order = await db().selectFrom('orders').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return { userId: user.id, orderId: order.id };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Plays whose ticket check answers, then waits up to 40 ms before the write (the window a busy
 * instance opens between the two), over `uow`'s viewing sessions.
 */
function slowPlays(uow: UnitOfWork<Repositories>) {
  const real = createEntitlements({ uow });
  return createViewingSessions({
    uow,
    entitlements: {
      ownsEvent: async (caller, eventId) => {
        const owns = await real.ownsEvent(caller, eventId);
        await pause(Math.random() * 40);
        return owns;
      },
    },
    config: { deviceLimit: PLAYS + 1, heartbeatSeconds: 30 },
    log: { info: () => {}, warn: () => {} },
  });
}

/** The refund service over `uow`; these orders are $0, so the provider is never asked. */
const refundsOver = (uow: UnitOfWork<Repositories>) =>
  createRefundService({
    uow,
    provider: {
      ...({} as Parameters<typeof createRefundService>[0]['provider']),
      refund: async () => {
        throw new Error('a $0 order is not refunded at the provider');
      },
    },
    mailer: { kind: 'outbox', send: async () => {}, close: async () => {} },
    log: t.app.log,
  });

/**
 * Rounds of `PLAYS` plays of a fan's ticket with the organizer's refund landing among them, on a
 * pool with a connection ready for each. Answers the sessions left open after each round, and how
 * many sessions were written in all (some must be, or nothing raced).
 */
async function playsAroundRefunds(plays: UnitOfWork<Repositories>, refunds: UnitOfWork<Repositories>) {
  const sessions = slowPlays(plays);
  const service = refundsOver(refunds);
  const leftOpen: number[] = [];
  let written = 0;
  for (let round = 0; round < PLAY_ROUNDS; round += 1) {
    const fan = await fanWithTicket();
    const caller = { kind: 'user' as const, userId: fan.userId, email: 'race-plays@example.com', name: 'Race Plays' };
    await Promise.all(Array.from({ length: PLAYS + 1 }, () => sql`select pg_sleep(0.02)`.execute(db())));
    await Promise.allSettled([
      ...Array.from({ length: PLAYS }, () => sessions.open(caller, 'race-refund-plays')),
      pause(20).then(() =>
        service.refund({ userId: organizers[0]!.userId!, email: 'organizer@example.com' }, fan.orderId),
      ),
    ]);
    const rows = await db()
      .selectFrom('viewing_sessions')
      .select('closed_at')
      .where('user_id', '=', fan.userId)
      .execute();
    written += rows.length;
    leftOpen.push(rows.filter((r) => r.closed_at === null).length);
  }
  return { leftOpen, written };
}

const realUow = () => createUnitOfWork(db(), createRepositories);

/** A copy of the shipped `open_viewing_session` named `name`, its check of the order (migration 0019) taken out. */
async function openWithoutOrderCheck(name: string) {
  const { rows } = await sql<{
    def: string;
  }>`select pg_get_functiondef('open_viewing_session'::regproc) as def`.execute(db());
  const check = /^\s*if not exists \([\s\S]*?end if;$/m;
  expect(rows[0]!.def).toMatch(check);
  const copy = rows[0]!.def
    .replace(check, '')
    .replace(/function ([\w"]+\.)?open_viewing_session\(/i, `function ${name}(`);
  expect(copy).toContain(`function ${name}(`);
  await sql.raw(copy).execute(db());
  return unitOfWorkWith(t.database, 'viewingSessions', (): Partial<ViewingSessionRepository> => ({
    async openWithinLimit(s, freshAfter, limit) {
      const { rows: opened } = await sql<{ open: number | null }>`
        select ${sql.raw(name)}(${s.id}::uuid, ${s.eventId}::integer, ${s.userId}::integer, ${s.viewer},
          ${s.keyHash}, ${s.at}::timestamptz, ${freshAfter}::timestamptz, ${limit}::integer) as open`.execute(db());
      return opened[0]?.open ?? null;
    },
  }));
}

/** The refund without its ticket locks, and 50 ms between closing the sessions and committing (a busy database's). */
const refundsWithoutTicketLocks = () =>
  unitOfWorkWith(t.database, 'refunds', (repo): Partial<RefundRepository> => ({
    lockTickets: async () => {},
    async closeViewingSessions(userId, eventIds, at) {
      const closed = await repo.closeViewingSessions(userId, eventIds, at);
      await pause(50);
      return closed;
    },
  }));

it(`${PLAYS} plays racing the refund of their ticket: no session is left open`, async () => {
  const { leftOpen, written } = await playsAroundRefunds(realUow(), realUow());
  expect(leftOpen).toEqual(Array.from({ length: PLAY_ROUNDS }, () => 0));
  expect(written).toBeGreaterThan(0);
}, 120_000);

it('control: without the refund’s ticket locks (the plays still check the order), a play outlives the refund', async () => {
  const { leftOpen } = await playsAroundRefunds(realUow(), refundsWithoutTicketLocks());
  expect(Math.max(...leftOpen)).toBeGreaterThan(0);
}, 120_000);

it('control: without the play’s check of the order under its lock (the refund still locks), a play outlives the refund', async () => {
  const { leftOpen } = await playsAroundRefunds(
    await openWithoutOrderCheck('open_viewing_session_unchecked'),
    realUow(),
  );
  expect(Math.max(...leftOpen)).toBeGreaterThan(0);
}, 120_000);
