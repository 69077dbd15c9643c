// @databases postgres: a race needs concurrent sessions; PGlite has one
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { runExclusively } from '../../../../src/server/db/exclusiveJob';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { createGuarantee } from '../../../../src/server/modules/guarantee/service';
import type { Mail } from '../../../../src/server/modules/mail/mailer';
import { createRepositories, type Repositories } from '../../../../src/server/repositories';
import type { UnitOfWork } from '../../../../src/server/db/unitOfWork';
import { cartTestApp, type Who } from '../../../utils/cart';
import { unitOfWorkWith } from '../../../utils/races';
import type { TestApp } from '../../../utils/testApp';

/**
 * The guaranteed view's judge on two instances at once, on PostgreSQL (PGlite runs one statement at a
 * time): however many runs judge the same stalled ticket together, one decision is written and one
 * apology mailed, since only the run whose insert wrote the row (the primary key, on conflict do
 * nothing) mails. The control takes that guard out (an insert that always answers "written") and
 * shows the mail going out once per run. And the periodic job's advisory lock lets one instance run
 * at a time. The fan's choice under double clicks: one credit coupon however many choose at once
 * (the conditional update on a remedy not yet chosen); the control, whose update is unconditional,
 * makes several.
 */
const RUNS = 8;
const MINUTE = 60_000;

let t: TestApp;
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
const ids: Record<string, number> = {};
const showEnd = Date.now() - 10 * MINUTE;
const showStart = showEnd - 60 * MINUTE;

beforeAll(async () => {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  ({ t, d } = await cartTestApp());
  await importCatalog(t.database.db, {
    events: ['guarded', 'control', 'credit', 'creditctl'].map((name) => ({
      path: `race-guarantee-${name}`,
      title: `Guarantee race (${name})`,
      isPremium: true,
      price: 20,
      contentType: 'Live',
      airStartDate: new Date(showStart).toISOString(),
    })),
  });
  for (const r of await t.database.db
    .selectFrom('events')
    .select(['id', 'path'])
    .where('path', 'like', 'race-guarantee-%')
    .execute()) {
    ids[r.path] = r.id;
    await t.database.db
      .insertInto('live_shows')
      .values({ event_id: r.id, started_at: new Date(showStart), ended_at: new Date(showEnd) })
      .execute();
  }
}, 60_000);
afterAll(() => t?.close());

/** A ticket holder of `path` whose one session stalled a fifth of the show. */
async function stalledFan(path: string): Promise<Who> {
  const db = t.database.db;
  const who = await d.user(`race${path.slice(-7)}`);
  const order = await db
    .insertInto('orders')
    .values({ order_ref: `RG-${randomUUID()}`, user_id: who.userId!, payment_method: 'card', amount_cents: 2000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_items').values({ order_id: order.id, event_id: ids[path]!, price_cents: 2000 }).execute();
  const id = randomUUID();
  const at = new Date(showStart + MINUTE);
  await db
    .insertInto('viewing_sessions')
    .values({
      id,
      event_id: ids[path]!,
      user_id: who.userId!,
      viewer: `user:${who.userId}`,
      opened_at: at,
      last_seen_at: new Date(showEnd),
      closed_at: new Date(showEnd),
      key_hash: null,
      closed_reason: null,
    })
    .execute();
  await db
    .insertInto('playback_quality')
    .values({
      session_id: id,
      event_id: ids[path]!,
      startup_ms: 900,
      stall_ms: 12 * MINUTE,
      watch_ms: 55 * MINUTE,
      last_seq: 3,
      first_at: at,
      last_at: new Date(showEnd),
    })
    .execute();
  return who;
}

/** One instance's judge, over its own unit of work, mailing into `mails`. */
function instance(uow: UnitOfWork<Repositories>, mails: Mail[]) {
  return createGuarantee({
    uow,
    mailer: { kind: 'outbox', send: async (m) => void mails.push(m), close: async () => undefined },
    log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    publicUrl: 'http://shop.test',
    liveMinutes: 240,
    settleShow: async () => undefined,
    refund: async () => undefined,
  });
}

const decisions = (who: Who) =>
  t.database.db.selectFrom('guarantee_decisions').selectAll().where('user_id', '=', who.userId!).execute();

describe('the guaranteed view on two instances at once', () => {
  it('writes one decision and mails one apology however many runs judge together', async () => {
    const who = await stalledFan('race-guarantee-guarded');
    const mails: Mail[] = [];
    const judges = Array.from({ length: RUNS }, () =>
      instance(createUnitOfWork(t.database.db, createRepositories), mails),
    );
    const decided = await Promise.all(judges.map((j) => j.evaluate({ graceMs: 0 })));
    expect(decided.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await decisions(who)).toHaveLength(1);
    expect(mails.filter((m) => m.template === 'guarantee-make-good')).toHaveLength(1);
  });

  it('control: without the insert telling who wrote it, every run mails', async () => {
    const who = await stalledFan('race-guarantee-control');
    const mails: Mail[] = [];
    // The guard taken out: a write that answers "written" even when another run's row was there.
    // No run writes this fan's ticket before a second run has judged it too: on a busy machine the
    // runs could otherwise go one after another, and the control would prove nothing.
    let judged = 0;
    let secondJudged!: () => void;
    const twoJudged = new Promise<void>((resolve) => (secondJudged = resolve));
    const unguarded = (i: number) =>
      unitOfWorkWith(t.database, 'guarantees', (repo) => ({
        decide: async (dec) => {
          if (dec.userId === who.userId) {
            judged += 1;
            if (judged === 2) secondJudged();
            await twoJudged;
          }
          await repo.decide({ ...dec, tokenHash: `${dec.tokenHash}-${i}` });
          return true;
        },
      }));
    const judges = Array.from({ length: RUNS }, (_, i) => instance(unguarded(i), mails));
    await Promise.all(judges.map((j) => j.evaluate({ graceMs: 0 })));
    expect(await decisions(who)).toHaveLength(1);
    // Every run that judged the ticket before another's row was visible to it mailed: more than one.
    expect(mails.filter((m) => m.to.startsWith('racecontrol')).length).toBeGreaterThan(1);
  });

  it('makes one credit however many double clicks choose it at once; the control makes several', async () => {
    const coupons = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('coupons')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('code', 'like', 'MG-%')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tokenOf = async (mails: Mail[], who: Who) => {
      const { email } = await t.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', who.userId!)
        .executeTakeFirstOrThrow();
      return mails.find((m) => m.to === email)?.text.match(/make-good\/([\w-]{43})/)?.[1];
    };
    for (const [path, guarded] of [
      ['race-guarantee-credit', true],
      ['race-guarantee-creditctl', false],
    ] as const) {
      const who = await stalledFan(path);
      const mails: Mail[] = [];
      await instance(createUnitOfWork(t.database.db, createRepositories), mails).evaluate({ graceMs: 0 });
      const token = (await tokenOf(mails, who))!;
      expect(token).toBeDefined();
      const uow = guarded
        ? createUnitOfWork(t.database.db, createRepositories)
        : unitOfWorkWith(t.database, 'guarantees', (_repo, db) => ({
            // The guard taken out: the choice written whether or not one was made.
            chooseRemedy: async (userId, eventId, remedy, at, code) => {
              await db
                .updateTable('guarantee_decisions')
                .set({ remedy, remedy_at: at, credit_code: code })
                .where('user_id', '=', userId)
                .where('event_id', '=', eventId)
                .execute();
              return true;
            },
          }));
      const before = await coupons();
      const clicks = Array.from({ length: RUNS }, () => instance(uow, []).choose(token, 'credit'));
      const results = await Promise.allSettled(clicks);
      const made = (await coupons()) - before;
      if (guarded) {
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(made).toBe(1);
      } else {
        expect(made).toBeGreaterThan(1);
      }
    }
  });

  it("the periodic job's lock lets one instance run at a time", async () => {
    let inside = 0;
    let most = 0;
    const job = async () => {
      inside += 1;
      most = Math.max(most, inside);
      await sql`select pg_sleep(0.2)`.execute(t.database.db);
      inside -= 1;
    };
    const runs = await Promise.all(Array.from({ length: 4 }, () => runExclusively(t.database, 'guaranteed-view', job)));
    expect(most).toBe(1);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
  });
});
