// @databases both: smoke — the guarantee module: its judge reads sessions and quality rows
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MAKE_GOOD_MESSAGES } from '../../../../src/shared/contract/guarantee';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { demoStreams } from '../../../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { cartTestApp, type Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { grantOrganizer } from '../../../utils/studio';
import type { TestApp } from '../../../utils/testApp';

/**
 * The guaranteed view (docs/decisions.md "After the purchase"), on quality rows, sessions and refusals
 * written as the player and the server would: which ticket it fires for and with what evidence, once;
 * the replay it extends and the window it enforces; the make-good's refund and credit, once each.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const clock = testClock(Date.parse('2026-05-01T20:00:00Z'));
let t: TestApp;
let d: Awaited<ReturnType<typeof cartTestApp>>['d'];
const ids: Record<string, number> = {};
let showStart: number;
let showEnd: number;

beforeAll(async () => {
  // The live window of a show without a real one (gv-other, gv-stays) ends with the real shows, 90 minutes in.
  ({ t, d } = await cartTestApp({ deps: { now: clock.now }, env: { STREAM_LIVE_MINUTES: '90' } }));
  showStart = clock.now() - 2 * 60 * MINUTE;
  showEnd = showStart + 90 * MINUTE;
  await importCatalog(t.database.db, {
    events: ['show', 'other', 'window', 'stays'].map((name) => ({
      path: `gv-${name}`,
      title: `Guarantee ${name}`,
      isPremium: true,
      price: 20,
      contentType: 'Live',
      airStartDate: new Date(showStart).toISOString(),
      streams: demoStreams,
    })),
  });
  for (const r of await db().selectFrom('events').select(['id', 'path']).where('path', 'like', 'gv-%').execute())
    ids[r.path] = r.id;
  // A real show for 'show' and 'window' (its end as the organizer pressed it); the others end by the live window.
  for (const path of ['gv-show', 'gv-window'])
    await db()
      .insertInto('live_shows')
      .values({ event_id: ids[path]!, started_at: new Date(showStart), ended_at: new Date(showEnd) })
      .execute();
  await db().updateTable('events').set({ replay_days: 3 }).where('path', '=', 'gv-show').execute();
  await db().updateTable('events').set({ replay_days: 1 }).where('path', '=', 'gv-window').execute();
}, 60_000);
afterAll(() => t?.close());

const db = () => t.database.db;

/** A fan with an order of `events` (each line `priceCents`), as checkout makes it. */
async function fan(
  label: string,
  events: string[],
  priceCents = 2000,
): Promise<Who & { orderId: number; email: string }> {
  const who = await d.user(label);
  const order = await db()
    .insertInto('orders')
    .values({
      order_ref: `GV-${who.userId}-${randomUUID().slice(0, 8)}`,
      user_id: who.userId!,
      payment_method: 'card',
      amount_cents: priceCents * events.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db()
    .insertInto('order_items')
    .values(events.map((p) => ({ order_id: order.id, event_id: ids[p]!, price_cents: priceCents })))
    .execute();
  const user = await db().selectFrom('users').select('email').where('id', '=', who.userId!).executeTakeFirstOrThrow();
  return { ...who, orderId: order.id, email: user.email };
}

/** A viewing session of the fan during the show, with the player's figures (null: the player never reported). */
async function watched(
  who: Who,
  path: string,
  figures: { startupMs: number | null; stallMs: number; watchMs: number; openedAt?: number; lastAt?: number } | null,
) {
  const id = randomUUID();
  const openedAt = new Date(figures?.openedAt ?? showStart + 5 * MINUTE);
  const lastAt = new Date(figures?.lastAt ?? openedAt.getTime() + 30 * MINUTE);
  await db()
    .insertInto('viewing_sessions')
    .values({
      id,
      event_id: ids[path]!,
      user_id: who.userId!,
      viewer: `user:${who.userId}`,
      opened_at: openedAt,
      last_seen_at: lastAt,
      closed_at: lastAt,
      key_hash: null,
      closed_reason: null,
    })
    .execute();
  if (figures)
    await db()
      .insertInto('playback_quality')
      .values({
        session_id: id,
        event_id: ids[path]!,
        startup_ms: figures.startupMs,
        stall_ms: figures.stallMs,
        watch_ms: figures.watchMs,
        last_seq: 1,
        first_at: openedAt,
        last_at: lastAt,
      })
      .execute();
  return id;
}

const judge = async () => {
  const res = await t.app.inject({ method: 'POST', url: '/dev/guarantee/run' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { decided: number } }).data.decided;
};
const decisionOf = (who: Who, path: string) =>
  db()
    .selectFrom('guarantee_decisions')
    .selectAll()
    .where('user_id', '=', who.userId!)
    .where('event_id', '=', ids[path]!)
    .executeTakeFirst();
const mailsTo = (email: string) =>
  db().selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
/** The one-click link's token from the newest apology to `email`. */
async function tokenFor(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const token = mails
    .reverse()
    .find((m) => m.subject.startsWith('We are sorry'))
    ?.text.match(/make-good\/([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no make-good link mailed to ${email}`);
  return token;
}
const makeGood = (token: string, remedy?: 'refund' | 'credit') =>
  t.app.inject({
    method: remedy ? 'POST' : 'GET',
    url: `/v1/make-good/${token}`,
    ...(remedy ? { payload: { remedy } } : {}),
    remoteAddress: `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });

describe('the rule', () => {
  it("fires 'stalled' with its figures for a session stalled over the threshold; never for one that played", async () => {
    const stalled = await fan('gvstalled', ['gv-show']);
    const good = await fan('gvgood', ['gv-show']);
    await watched(stalled, 'gv-show', { startupMs: 1200, stallMs: 6 * MINUTE, watchMs: 60 * MINUTE });
    await watched(good, 'gv-show', { startupMs: 900, stallMs: 2 * MINUTE, watchMs: 60 * MINUTE });
    // A short join (below the minimum watch) stalled half of its time: not judged.
    const brief = await fan('gvbrief', ['gv-show']);
    await watched(brief, 'gv-show', { startupMs: 800, stallMs: 5_000, watchMs: 10_000 });
    await judge();
    const decision = await decisionOf(stalled, 'gv-show');
    expect(decision).toMatchObject({ rule: 'stalled', order_id: stalled.orderId });
    expect(decision!.evidence).toMatchObject({
      stallMs: 360_000,
      watchMs: 3_600_000,
      stallPercent: 10,
      thresholdPercent: 5,
      sessions: 1,
    });
    // The replay: the normal end (show end + 3 days) is still ahead, so the 7 days go on top of it.
    expect(decision!.replay_until!.getTime()).toBe(showEnd + 3 * DAY + 7 * DAY);
    expect(await decisionOf(good, 'gv-show')).toBeUndefined();
    expect(await decisionOf(brief, 'gv-show')).toBeUndefined();
    expect((await mailsTo(good.email)).filter((m) => m.subject.startsWith('We are sorry'))).toHaveLength(0);
    const [mail] = (await mailsTo(stalled.email)).filter((m) => m.subject.startsWith('We are sorry'));
    expect(mail!.text).toContain('The show kept stopping to load while you watched.');
    expect(mail!.text).toContain('now stays open until');
  });

  it("fires 'no_first_frame' for a first frame later than the threshold, or none after trying that long", async () => {
    const late = await fan('gvlate', ['gv-show']);
    const never = await fan('gvnever', ['gv-show']);
    const early = await fan('gvearly', ['gv-show']);
    const waited = await fan('gvwaited', ['gv-show']);
    await watched(late, 'gv-show', { startupMs: 45_000, stallMs: 0, watchMs: 10 * MINUTE });
    // Tried from its open to its last beacon (40 s), never a frame.
    await watched(never, 'gv-show', {
      startupMs: null,
      stallMs: 0,
      watchMs: 0,
      openedAt: showStart + MINUTE,
      lastAt: showStart + MINUTE + 40_000,
    });
    // Tried 20 s only, then left: below the threshold.
    await watched(early, 'gv-show', {
      startupMs: null,
      stallMs: 0,
      watchMs: 0,
      openedAt: showStart + MINUTE,
      lastAt: showStart + MINUTE + 20_000,
    });
    // Opened 10 minutes before the show began: waiting for the show is not waiting for us.
    await watched(waited, 'gv-show', {
      startupMs: 10 * MINUTE + 3000,
      stallMs: 0,
      watchMs: 20 * MINUTE,
      openedAt: showStart - 10 * MINUTE,
    });
    await judge();
    expect(await decisionOf(late, 'gv-show')).toMatchObject({
      rule: 'no_first_frame',
      evidence: expect.objectContaining({ startupMs: 45_000, thresholdSeconds: 30 }),
    });
    expect(await decisionOf(never, 'gv-show')).toMatchObject({
      rule: 'no_first_frame',
      evidence: expect.objectContaining({ startupMs: null, triedMs: 40_000, thresholdSeconds: 30 }),
    });
    expect(await decisionOf(early, 'gv-show')).toBeUndefined();
    expect(await decisionOf(waited, 'gv-show')).toBeUndefined();
  });

  it("fires 'refused' for a 5xx on the watching path during the show, and only for a ticket still held", async () => {
    const refused = await fan('gvrefused', ['gv-show']);
    const handedOn = await fan('gvhanded', ['gv-show']);
    const noTicket = await d.user('gvnoticket');
    const before = await fan('gvbefore', ['gv-show']);
    const at = new Date(showStart + 20 * MINUTE);
    await db()
      .insertInto('play_refusals')
      .values([
        { user_id: refused.userId!, event_id: ids['gv-show']!, status: 503, route: '/v1/viewing-sessions', at },
        { user_id: handedOn.userId!, event_id: ids['gv-show']!, status: 500, route: '/v1/viewing-sessions', at },
        { user_id: noTicket.userId!, event_id: ids['gv-show']!, status: 500, route: '/v1/viewing-sessions', at },
        // Before the show: not during it.
        {
          user_id: before.userId!,
          event_id: ids['gv-show']!,
          status: 500,
          route: '/v1/viewing-sessions',
          at: new Date(showStart - MINUTE),
        },
      ])
      .execute();
    await db()
      .updateTable('order_items')
      .set({ transferred_at: new Date(showStart - DAY) })
      .where('order_id', '=', handedOn.orderId)
      .execute();
    // A stalled session of a user without a ticket: nothing either.
    await watched(noTicket, 'gv-show', { startupMs: 1000, stallMs: 30 * MINUTE, watchMs: 40 * MINUTE });
    await judge();
    expect(await decisionOf(refused, 'gv-show')).toMatchObject({
      rule: 'refused',
      evidence: expect.objectContaining({ refusals: 1, firstStatus: 503, firstRoute: '/v1/viewing-sessions' }),
    });
    for (const who of [handedOn, noTicket, before]) expect(await decisionOf(who, 'gv-show')).toBeUndefined();
  });

  it('fires once per ticket: a second run, and more bad sessions, change nothing and mail nothing more', async () => {
    const again = await fan('gvagain', ['gv-show']);
    await watched(again, 'gv-show', { startupMs: 1000, stallMs: 10 * MINUTE, watchMs: 30 * MINUTE });
    await judge();
    const first = await decisionOf(again, 'gv-show');
    await watched(again, 'gv-show', { startupMs: 60_000, stallMs: 10 * MINUTE, watchMs: 30 * MINUTE });
    expect(await judge()).toBe(0);
    expect(await decisionOf(again, 'gv-show')).toEqual(first);
    expect((await mailsTo(again.email)).filter((m) => m.subject.startsWith('We are sorry'))).toHaveLength(1);
  });

  it("writes down a signed-in ticket holder's 5xx on the watching path, and keeps it while the database is away", async () => {
    const { createPlayRefusals } = await import('../../../../src/server/modules/guarantee/playRefusals');
    const rows: unknown[] = [];
    let down = true;
    const refusals = createPlayRefusals({
      repo: {
        eventIds: async () => {
          if (down) throw new Error('connection refused');
          return new Map([['gv-show', 7]]);
        },
        sessionEvents: async () => new Map([['s-1', 7]]),
        addRefusals: async (r) => void rows.push(...r),
      },
      log: { warn: () => undefined },
      maxBuffered: 3,
    });
    refusals.record({ userId: 1, eventRef: 'gv-show', sessionId: null, status: 503, route: '/v1/viewing-sessions' });
    refusals.record({ userId: 1, eventRef: null, sessionId: 's-1', status: 500, route: 'heartbeat' });
    refusals.record({ userId: 2, eventRef: 'unknown', sessionId: null, status: 500, route: '/v1/viewing-sessions' });
    refusals.record({ userId: 3, eventRef: 'gv-show', sessionId: null, status: 500, route: 'over the bound' });
    expect(await refusals.flush()).toBe(0);
    expect(refusals.waiting()).toBe(3);
    down = false;
    expect(await refusals.flush()).toBe(2);
    // The hook keeps a signed-in caller's 5xx on a watching route, and nothing else.
    const hook = (caller: object | null, status: number, url = '/v1/viewing-sessions/:sessionId/heartbeat') =>
      refusals.onResponse(
        { caller, routeOptions: { url }, params: { sessionId: 's-1' }, body: null } as never,
        { statusCode: status } as never,
      );
    hook({ kind: 'guest', sub: 'g' }, 503);
    hook({ kind: 'user', userId: 1 }, 409);
    hook({ kind: 'user', userId: 1 }, 503, '/v1/cart');
    expect(refusals.waiting()).toBe(0);
    hook({ kind: 'user', userId: 1 }, 503);
    expect(refusals.waiting()).toBe(1);
    expect(await refusals.flush()).toBe(1);
    expect(refusals.waiting()).toBe(0);
    expect(rows).toEqual([
      expect.objectContaining({ userId: 1, eventId: 7, status: 503 }),
      expect.objectContaining({ userId: 1, eventId: 7, status: 500 }),
      expect.objectContaining({
        userId: 1,
        eventId: 7,
        status: 503,
        route: '/v1/viewing-sessions/:sessionId/heartbeat',
      }),
    ]);
  });
});

describe('the replay window', () => {
  it('refuses a replay past show end + replay days, unless the ticket was made good; null days keep it', async () => {
    const plain = await fan('gvplain', ['gv-window', 'gv-stays']);
    const extended = await fan('gvextended', ['gv-window']);
    await watched(extended, 'gv-window', { startupMs: 1000, stallMs: 10 * MINUTE, watchMs: 30 * MINUTE });
    await judge();
    const config = (who: Who, path: string) =>
      t.app.inject({ url: `/v1/admin/asset/streamconfig/${path}`, headers: { authorization: who.authorization! } });
    // Within the day the replay stays, the stream config passes the window (the session check answers next).
    expect((await config(plain, 'gv-window')).json().message).not.toBe(STREAM_MESSAGES.replayEnded('x').slice(0, 10));
    clock.advance(DAY);
    try {
      const refused = await config(plain, 'gv-window');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        STREAM_MESSAGES.replayEnded(new Date(showEnd + DAY).toISOString().slice(0, 10)),
      );
      // The made-good ticket goes on (to its session check: 409 without a session), and a replay without days stays.
      expect((await config(extended, 'gv-window')).statusCode).toBe(409);
      expect((await config(plain, 'gv-stays')).statusCode).toBe(409);
    } finally {
      clock.advance(-DAY);
    }
  });
});

describe('the make-good', () => {
  it('refunds the order once (a double POST answers 409), with the reason guarantee', async () => {
    const who = await fan('gvrefund', ['gv-other']);
    await watched(who, 'gv-other', {
      startupMs: 1000,
      stallMs: 20 * MINUTE,
      watchMs: 40 * MINUTE,
      openedAt: showStart + MINUTE,
    });
    await judge();
    const token = await tokenFor(who.email);
    const view = await makeGood(token);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toContain('no-store');
    // No replay days for this event: the replay stays anyway.
    expect(view.json().data).toMatchObject({
      rule: 'stalled',
      choices: ['refund', 'credit'],
      amount: 20,
      replayUntil: null,
      remedy: null,
    });
    const [a, b] = await Promise.all([makeGood(token, 'refund'), makeGood(token, 'refund')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(MAKE_GOOD_MESSAGES.chosenAlready);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', who.orderId).execute();
    expect(refunds).toEqual([expect.objectContaining({ reason: 'guarantee', status: 'done' })]);
    const order = await db().selectFrom('orders').select('status').where('id', '=', who.orderId).executeTakeFirst();
    expect(order?.status).toBe('Refunded');
    expect((await makeGood(token)).json().data).toMatchObject({ remedy: 'refund', choices: [] });
  });

  it('takes a refund choice back when the refund could not even be claimed, so the next click refunds', async () => {
    const who = await fan('gvlost', ['gv-stays']);
    await watched(who, 'gv-stays', { startupMs: 1000, stallMs: 20 * MINUTE, watchMs: 40 * MINUTE });
    await judge();
    const token = await tokenFor(who.email);
    // The claim fails on the database itself (here: the audit log it writes to is away), not on the provider.
    await sql`alter table audit_log rename to audit_log_away`.execute(db());
    try {
      expect((await makeGood(token, 'refund')).statusCode).toBe(500);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db());
    }
    expect(await decisionOf(who, 'gv-stays')).toMatchObject({ remedy: null, remedy_at: null });
    expect((await makeGood(token, 'refund')).statusCode).toBe(200);
    const refunds = await db().selectFrom('refunds').selectAll().where('order_id', '=', who.orderId).execute();
    expect(refunds).toEqual([expect.objectContaining({ reason: 'guarantee', status: 'done' })]);
  });

  it('offers only a credit for an order of several shows, and the credit is a coupon usable once', async () => {
    const who = await fan('gvcredit', ['gv-show', 'gv-other'], 1500);
    await watched(who, 'gv-show', { startupMs: 1000, stallMs: 20 * MINUTE, watchMs: 40 * MINUTE });
    await judge();
    const token = await tokenFor(who.email);
    const view = (await makeGood(token)).json().data;
    expect(view).toMatchObject({ choices: ['credit'], refundUnavailable: MAKE_GOOD_MESSAGES.refundUnavailableSeveral });
    const refund = await makeGood(token, 'refund');
    expect(refund.statusCode).toBe(409);
    expect(refund.json().message).toBe(MAKE_GOOD_MESSAGES.refundUnavailableSeveral);
    const credit = await makeGood(token, 'credit');
    expect(credit.statusCode).toBe(200);
    const code = credit.json().data.creditCode as string;
    expect(code).toMatch(/^MG-[A-Z2-9]{10}$/);
    expect((await makeGood(token, 'credit')).statusCode).toBe(409);
    const coupon = await db().selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(coupon).toMatchObject({ kind: 'fixed', amount_off_cents: 1500, max_redemptions: 1, per_user_limit: 1 });
    expect(coupon.ends_at!.getTime() - clock.now()).toBe(365 * DAY);
    expect((await mailsTo(who.email)).some((m) => m.text.includes(code))).toBe(true);
  });

  it('offers nothing to choose for a ticket that cost nothing, and says so', async () => {
    const who = await fan('gvfree', ['gv-other'], 0);
    await watched(who, 'gv-other', {
      startupMs: 1000,
      stallMs: 20 * MINUTE,
      watchMs: 40 * MINUTE,
      openedAt: showStart + MINUTE,
    });
    await judge();
    const token = await tokenFor(who.email);
    expect((await makeGood(token)).json().data).toMatchObject({
      choices: [],
      refundUnavailable: MAKE_GOOD_MESSAGES.nothingPaid,
    });
    expect((await makeGood(token, 'credit')).statusCode).toBe(409);
  });

  it('answers 404 with a sentence for a link that is not one', async () => {
    const res = await makeGood('A'.repeat(43));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MAKE_GOOD_MESSAGES.unknown);
  });
});

describe("the console's list", () => {
  it('lists who, the rule and the evidence, to organizers only', async () => {
    const organizer = await d.user('gvorganizer');
    const fanOnly = await d.user('gvfan');
    await grantOrganizer(db(), organizer.userId!);
    const list = (who: Who) =>
      t.app.inject({
        url: `/v1/studio/events/${ids['gv-show']}/guarantees`,
        headers: { authorization: who.authorization! },
      });
    expect((await list(fanOnly)).statusCode).toBe(403);
    const res = await list(organizer);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.guarantees as { email: string; rule: string; evidence: Record<string, unknown> }[];
    const stalled = rows.find((r) => r.email.startsWith('gvstalled'));
    expect(stalled).toMatchObject({ rule: 'stalled', evidence: expect.objectContaining({ stallPercent: 10 }) });
    expect(rows.map((r) => r.email)).not.toContainEqual(expect.stringMatching(/^gvgood/));
  });
});
