// @databases postgres: a race needs concurrent sessions; PGlite has one
import { formatInTimeZone } from 'date-fns-tz';
import { sql } from 'kysely';
import { ORDER_MANAGE_MESSAGES as M } from '../../../../src/shared/contract/orderManage';
import { studioEventFields } from '../../../../src/shared/contract/studioEvents';
import { createUnitOfWork, type UnitOfWork } from '../../../../src/server/db/unitOfWork';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createEventAdminService } from '../../../../src/server/modules/eventAdmin/service';
import type { Mail } from '../../../../src/server/modules/mail/mailer';
import { createCancelService } from '../../../../src/server/modules/orders/cancelService';
import { createRefundService, refundKey } from '../../../../src/server/modules/orders/refundService';
import type { RefundRepository } from '../../../../src/server/modules/orders/refundRepository';
import { createSandboxProvider } from '../../../../src/server/modules/payments/sandboxProvider';
import type { OrganizerCaller, UserCaller } from '../../../../src/server/platform/callerIdentity';
import { createRepositories, type Repositories } from '../../../../src/server/repositories';
import { cartTestApp, type CartFixture } from '../../../utils/cart';
import { checkoutDriver } from '../../../utils/checkout';
import { unitOfWorkWith } from '../../../utils/races';
import type { TestApp } from '../../../utils/testApp';

/**
 * The fan's cancellation under concurrency, on PostgreSQL (PGlite runs one statement at a time):
 * 1. ten cancels of one order at once refund it once (one provider call, one seat, one mail); the
 *    control takes the claim and the locks out and shows the provider asked more than once;
 * 2. a cancel racing an organizer moving the air date (eventAdmin's edit, which locks the event row)
 *    is decided once: never a cancel judged against the old date after the move committed. The
 *    control reads the event without the lock and shows exactly that.
 */
const AT_ONCE = 10;
const HOUR = 3600_000;

let t: TestApp;
let ids: CartFixture['ids'];
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
let c: ReturnType<typeof checkoutDriver>;
beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  ({ t, d, ids } = await cartTestApp({ env: { SANDBOX_EVENT_DELAY_MS: '600000' } }));
  c = checkoutDriver(t.app, t.config.jwtSecret);
  await importCatalog(t.database.db, {
    events: ['http', 'control'].map((name) => ({
      path: `race-cancel-${name}`,
      title: `Cancel race (${name})`,
      isPremium: true,
      price: 20,
      capacity: 100,
    })),
  });
  const rows = await db().selectFrom('events').select(['id', 'path']).where('path', 'like', 'race-cancel-%').execute();
  for (const r of rows) ids[r.path] = r.id;
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const soldOf = async (path: string) =>
  (await db().selectFrom('events').select('sold').where('id', '=', ids[path]!).executeTakeFirstOrThrow()).sold;

/** A card order of `path` (the sandbox's 4242), with its cart id and numeric id. */
async function cardOrder(path: string, label: string) {
  const who = await d.user(label);
  expect((await d.add(who, { asset_id: ids[path] })).statusCode).toBe(200);
  const intent = await c.paidIntent(who);
  const res = await c.cardOrder(who, intent.id);
  if (res.statusCode !== 200) throw new Error(`order: ${res.body}`);
  const row = await db()
    .selectFrom('orders')
    .select(['id', 'cart_id'])
    .where('payment_intent_id', '=', intent.id)
    .executeTakeFirstOrThrow();
  const user = await db().selectFrom('users').select('email').where('id', '=', who.userId!).executeTakeFirstOrThrow();
  const caller: UserCaller = { kind: 'user', userId: who.userId!, email: user.email, name: 'Race Fan' };
  return { who, caller, id: row.id, cartId: row.cart_id!, intentId: intent.id, email: user.email };
}

/** The refund and cancel services over `uow`, with a provider and a mailer that count what they are asked. */
function countingCancels(uow: UnitOfWork<Repositories>) {
  const sandbox = createSandboxProvider({
    repo: uow.repos.sandbox,
    webhookSecret: 'race-webhook-secret',
    eventDelayMs: 600_000,
    log: t.app.log,
  });
  const asked: string[] = [];
  const mails: Mail[] = [];
  const refunds = createRefundService({
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
  return { cancels: createCancelService({ uow, refunds, log: t.app.log }), asked, mails };
}

describe('double cancel', () => {
  it(`${AT_ONCE} cancels of one order at once (HTTP): one refund, one seat back, one mail`, async () => {
    await cardOrder('race-cancel-http', 'othercancel');
    const order = await cardOrder('race-cancel-http', 'doublecancel');
    const soldBefore = await soldOf('race-cancel-http');

    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        t.app.inject({
          method: 'POST',
          url: `/v1/order/${order.cartId}/cancel`,
          headers: { authorization: order.who.authorization! },
          payload: {},
        }),
      ),
    );

    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const others = answers.filter((a) => a.statusCode !== 200).map((a) => `${a.statusCode} ${a.json().message}`);
    expect(others).toEqual(Array(AT_ONCE - 1).fill(`409 ${M.alreadyCancelled}`));
    expect(await soldOf('race-cancel-http')).toBe(soldBefore - 1);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', order.email)
      .where('subject', 'like', '%is cancelled')
      .execute();
    expect(mails).toHaveLength(1);
    expect(
      await db().selectFrom('refunds').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow(),
    ).toMatchObject({ status: 'done', attempts: 1, reason: 'cancel' });
    expect(
      await db().selectFrom('sandbox_intents').select('refund_key').where('id', '=', order.intentId).executeTakeFirst(),
    ).toEqual({ refund_key: refundKey(order.id) });
  }, 120_000);

  it('control: with a claim that always succeeds and no locks, the same burst refunds more than once', async () => {
    // Other buyers of the event, so a seat returned twice shows.
    for (let i = 0; i < 3; i += 1) await cardOrder('race-cancel-control', `othercontrol${i}`);
    const order = await cardOrder('race-cancel-control', 'controlcancel');
    const soldBefore = await soldOf('race-cancel-control');
    // Every guard out: the claim's primary key, the events' lock, the tickets' turns (which also queue cancels).
    const unguarded = unitOfWorkWith(t.database, 'refunds', (_repo, trx): Partial<RefundRepository> => ({
      lockTickets: async () => {},
      lockEvents: async (eventIds) => {
        const rows = await trx
          .selectFrom('events')
          .select(['id', 'title', 'content_type', 'air_start_date', 'cancel_cutoff_hours'])
          .where('id', 'in', eventIds)
          .execute();
        await pause(30); // the window a busy database opens between the read and the claim
        return rows;
      },
      claim: (refund, at) =>
        trx
          .insertInto('refunds')
          .values({
            order_id: refund.orderId,
            requested_by: refund.requestedBy,
            amount_cents: refund.amountCents,
            idempotency_key: refund.idempotencyKey,
            reason: refund.reason ?? 'organizer',
            attempts: 1,
            created_at: at,
          })
          .onConflict((oc) => oc.column('order_id').doUpdateSet({ status: 'pending', completed_at: null }))
          .returningAll()
          .executeTakeFirst(),
    }));
    const { cancels, asked, mails } = countingCancels(unguarded);

    await Promise.allSettled(Array.from({ length: AT_ONCE }, () => cancels.cancel(order.caller, order.cartId)));

    expect(asked.length).toBeGreaterThan(1);
    expect(mails.length).toBeGreaterThan(1);
    expect(await soldOf('race-cancel-control')).toBeLessThan(soldBefore - 1);
  }, 120_000);
});

// ── A cancel racing the organizer's move of the air date ────────────────────────────────────────────
const ROUNDS = 3;
let organizer: OrganizerCaller;
const nyWall = (ms: number) => formatInTimeZone(new Date(ms), 'America/New_York', "yyyy-MM-dd'T'HH:mm");
const form = (title: string, airMs: number) =>
  studioEventFields.parse({ title, airDate: nyWall(airMs), contentType: 'Live', isPremium: true, price: 10 });

/** A fan's $0 order of `eventId`, with its cart id as checkout gives one. */
async function ticketOf(eventId: number, label: string) {
  const email = `race-cutoff-${label}-${Date.now()}@example.com`;
  const user = await db()
    .insertInto('users')
    .values({ email, first_name: 'Race', last_name: 'Cutoff', verified: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await db()
    .insertInto('orders')
    .values({
      order_ref: `ORD-${Date.now()}${label.length}`,
      user_id: user.id,
      cart_id: sql<number>`nextval(pg_get_serial_sequence('carts', 'id'))`,
      payment_method: 'vouchers',
      amount_cents: 0,
    })
    .returning(['id', 'cart_id'])
    .executeTakeFirstOrThrow();
  await db().insertInto('order_items').values({ order_id: order.id, event_id: eventId, price_cents: 0 }).execute();
  const caller: UserCaller = { kind: 'user', userId: user.id, email, name: 'Race Cutoff' };
  return { caller, id: order.id, cartId: order.cart_id! };
}

/**
 * Rounds of: a live show 30 h away (cancellable for 6 more hours), a fan cancelling it while the
 * organizer moves it to 10 h away (its cutoff then long past). The cancel is slowed by 300 ms after
 * it read the event (`lockEvents`), and the move starts 50 ms into it. Answers, per round, whether
 * the cancel went through after the move had committed: a cancel judged against a date no longer true.
 */
async function cancelsAroundMoves(refundsUow: UnitOfWork<Repositories>) {
  const admin = createEventAdminService({
    uow: createUnitOfWork(db(), createRepositories),
    onCatalogChanged: () => {},
  });
  const { cancels } = countingCancels(refundsUow);
  const stale: boolean[] = [];
  let cancelled = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const event = await admin.create(organizer, form(`Cutoff race ${round} ${Date.now()}`, Date.now() + 30 * HOUR));
    const fan = await ticketOf(event.id, `r${round}${stale.length}`);
    let movedAt = 0;
    const [cancel] = await Promise.allSettled([
      cancels.cancel(fan.caller, fan.cartId),
      pause(50).then(async () => {
        await admin.update(organizer, event.id, {
          ...form(event.title, Date.now() + 10 * HOUR),
          version: event.version,
        });
        movedAt = Date.now();
      }),
    ]);
    expect(movedAt).toBeGreaterThan(0); // the move always goes through
    const refund = await db().selectFrom('refunds').selectAll().where('order_id', '=', fan.id).executeTakeFirst();
    if (cancel.status === 'fulfilled') cancelled += 1;
    else expect((cancel.reason as Error).message).toMatch(/could be cancelled until/);
    stale.push(Boolean(refund && new Date(refund.created_at).getTime() > movedAt));
  }
  return { stale, cancelled };
}

describe('a cancel racing an air-date move', () => {
  beforeAll(async () => {
    const user = await db()
      .insertInto('users')
      .values({ email: 'race-cutoff-organizer@example.com', first_name: 'Race', last_name: 'Org', verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    organizer = {
      kind: 'user',
      userId: user.id,
      email: 'race-cutoff-organizer@example.com',
      name: 'Race',
      organizer: true,
    };
  });

  /** The cancel slowed by 300 ms after it read the events, `locked` or not. */
  const slowedCancel = (locked: boolean) =>
    unitOfWorkWith(t.database, 'refunds', (repo, trx): Partial<RefundRepository> => ({
      lockEvents: async (eventIds) => {
        const rows = locked
          ? await repo.lockEvents(eventIds)
          : await trx
              .selectFrom('events')
              .select(['id', 'title', 'content_type', 'air_start_date', 'cancel_cutoff_hours'])
              .where('id', 'in', eventIds)
              .execute();
        await pause(300);
        return rows;
      },
    }));

  it('is decided once: the move waits for the cancel, never a cancel against the old date after the move', async () => {
    const { stale, cancelled } = await cancelsAroundMoves(slowedCancel(true));
    expect(stale).toEqual(Array(ROUNDS).fill(false));
    expect(cancelled).toBe(ROUNDS); // it read the event first, so it went first; the move came after
  }, 120_000);

  it('control: reading the event without the lock, the cancel goes through after the move committed', async () => {
    const { stale } = await cancelsAroundMoves(slowedCancel(false));
    expect(stale).toEqual(Array(ROUNDS).fill(true));
  }, 120_000);
});
