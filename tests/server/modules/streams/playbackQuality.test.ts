// @databases postgres: its outcome does not depend on the kind of database
import { buildApp } from '../../../../src/server/app';
import { importCatalog } from '../../../../src/server/modules/catalog/importer';
import { QUALITY_SESSION_UNKNOWN } from '../../../../src/server/modules/streams/playbackQualityService';
import { QUALITY_MAX_COUNT, QUALITY_MAX_MS } from '../../../../src/shared/contract/playbackQuality';
import type { Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { testConfig } from '../../../utils/testConfig';
import { sessionIdOf, ticketHolder, viewingTestApp } from './viewingSessionFixture';

/**
 * The player's quality beacons (POST /v1/viewing-sessions/{id}/quality): a session's key proves the
 * beacon, the event is the session's own, figures add up once per beacon number, bad input is refused
 * with a sentence and changes nothing, limits hold per session and per address, old figures are
 * deleted after the retention period, and /metrics publishes startup p95 and the rebuffer ratio per event.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const PER_ADDRESS = 20;
const clock = testClock();
let x: Awaited<ReturnType<typeof viewingTestApp>>;
let events: Record<string, number>;

beforeAll(async () => {
  const base = testConfig();
  x = await viewingTestApp({
    deps: { now: clock.now },
    config: { limits: { ...base.limits, qualityBeaconsPerMinutePerAddress: PER_ADDRESS } },
  });
  await importCatalog(x.t.database.db, {
    events: ['quality-a', 'quality-b', 'quality-c'].map((path) => ({ path, title: path, isPremium: false })),
  });
  const rows = await x.t.database.db.selectFrom('events').select(['id', 'path']).execute();
  events = Object.fromEntries(rows.map((r) => [r.path, r.id]));
});
afterAll(() => x.t.close());

const db = () => x.t.database.db;
let addresses = 0;
/** Each beacon from its own address unless told, so the per-address limit is tested on its own. */
const nextAddress = () => `10.60.${Math.floor((addresses += 1) / 250)}.${addresses % 250}`;

type Beacon = Record<string, unknown>;
const beacon = (over: Beacon = {}): Beacon => ({
  seq: 1,
  stalls: 0,
  stallMs: 0,
  playMs: 0,
  rungSwitches: 0,
  fatalErrors: 0,
  ...over,
});

/** What sendBeacon sends: no Authorization header, the key in the JSON body. */
const send = (sessionId: string, body: Beacon | string, options: { address?: string; type?: string } = {}) =>
  x.t.app.inject({
    method: 'POST',
    url: `/v1/viewing-sessions/${sessionId}/quality`,
    headers: { 'content-type': options.type ?? 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: options.address ?? nextAddress(),
  });

/** A session opened by a guest on a free event (or `who` on `event`); its id and key. */
async function session(event = 'watch-free', who?: Who): Promise<{ id: string; key: string; who: Who }> {
  const viewer = who ?? (await x.d.guest());
  const id = sessionIdOf(await x.d.open(viewer, event));
  return { id, key: x.d.keyOf(id)!, who: viewer };
}

const rowOf = (sessionId: string) =>
  db().selectFrom('playback_quality').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
const answer = (res: { statusCode: number; body: string }) => [
  res.statusCode,
  res.body ? (JSON.parse(res.body) as { message: string }).message : '',
];

describe('a beacon', () => {
  it("is recorded for its session's event, with no token and nothing about the person; without totals, figures add up", async () => {
    const viewer = await ticketHolder(x.d, db(), [x.ids['watch-premium']!], 'quality');
    const s = await session('watch-premium', viewer);
    clock.advance(40_000);
    const first = beacon({
      sessionKey: s.key,
      startupMs: 1200,
      stalls: 1,
      stallMs: 500,
      playMs: 30_000,
      rungSwitches: 2,
    });
    const res = await send(s.id, first);
    expect([res.statusCode, res.body]).toEqual([204, '']);
    expect(res.headers['cache-control']).toBe('no-store');
    const at = new Date(clock.now());
    // Every column: the session, the event, figures and times. No user, address, device or key.
    expect(await rowOf(s.id)).toEqual({
      session_id: s.id,
      event_id: x.ids['watch-premium'],
      startup_ms: 1200,
      stall_count: 1,
      stall_ms: 500,
      watch_ms: 30_500,
      rung_switches: 2,
      fatal_errors: 0,
      last_seq: 1,
      first_at: at,
      last_at: at,
    });

    clock.advance(30_000);
    const second = beacon({
      sessionKey: s.key,
      seq: 2,
      startupMs: 9999,
      stalls: 2,
      stallMs: 1500,
      playMs: 28_000,
      fatalErrors: 1,
    });
    expect((await send(s.id, second)).statusCode).toBe(204);
    const summed = {
      startup_ms: 1200,
      stall_count: 3,
      stall_ms: 2000,
      watch_ms: 60_000,
      rung_switches: 2,
      fatal_errors: 1,
      last_seq: 2,
      first_at: at,
      last_at: new Date(clock.now()),
    };
    expect(await rowOf(s.id)).toMatchObject(summed);

    // The same beacon again (a retry), or an older one: accepted, not counted again.
    clock.advance(1000);
    expect((await send(s.id, second)).statusCode).toBe(204);
    expect((await send(s.id, first)).statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject(summed);
  });

  it("with totals, the newest number's figures are the session's: one overtaken or lost loses nothing", async () => {
    const viewer = await ticketHolder(x.d, db(), [x.ids['watch-premium']!], 'quality-totals');
    const s = await session('watch-premium', viewer);
    clock.advance(40_000);
    const totals = (seq: number, over: Beacon) => beacon({ sessionKey: s.key, seq, totals: true, ...over });
    expect((await send(s.id, totals(1, { startupMs: 1200, stalls: 1, stallMs: 500, playMs: 30_000 }))).statusCode).toBe(
      204,
    );
    clock.advance(30_000);
    // On leave a player sends twice, milliseconds apart (pagehide, then the page hidden), and the
    // second can arrive first: the first, with the second stall and most of the time, must not be lost.
    const leave = { startupMs: 1200, stalls: 2, stallMs: 4500, playMs: 55_000, rungSwitches: 1 };
    expect((await send(s.id, totals(3, { ...leave, playMs: 55_004 }))).statusCode).toBe(204);
    expect((await send(s.id, totals(2, leave))).statusCode).toBe(204);
    const row = { startup_ms: 1200, stall_count: 2, stall_ms: 4500, watch_ms: 59_504, rung_switches: 1, last_seq: 3 };
    expect(await rowOf(s.id)).toMatchObject(row);
    // A number skipped (a beacon lost on the way) loses nothing either: the next one has it all.
    clock.advance(30_000);
    expect((await send(s.id, totals(5, { ...leave, playMs: 80_000, fatalErrors: 1 }))).statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ ...row, watch_ms: 84_500, fatal_errors: 1, last_seq: 5 });
    // Totals are bounded by the session's age too: 100 s open, plus 5 s.
    expect((await send(s.id, totals(6, { playMs: 3_000_000, stallMs: 600_000 }))).statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ watch_ms: 105_000, stall_ms: 105_000, last_seq: 6 });
  });

  it('needs no token, and a token sent anyway is not read: the key is what proves it', async () => {
    const s = await session();
    clock.advance(10_000);
    const res = await x.t.app.inject({
      method: 'POST',
      url: `/v1/viewing-sessions/${s.id}/quality`,
      headers: { authorization: 'Bearer not-a-token' },
      payload: beacon({ sessionKey: s.key, playMs: 5000 }),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ watch_ms: 5000 });
  });

  it('a session cannot have been watched longer than it has been open (plus 5 s): the sums stop there', async () => {
    const s = await session();
    clock.advance(10_000);
    const res = await send(s.id, beacon({ sessionKey: s.key, playMs: 3_000_000, stallMs: 600_000, stalls: 1 }));
    expect(res.statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ watch_ms: 15_000, stall_ms: 15_000, stall_count: 1 });
    clock.advance(10_000);
    expect((await send(s.id, beacon({ sessionKey: s.key, seq: 2, playMs: 60_000 }))).statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ watch_ms: 25_000, stall_ms: 15_000 });
  });

  it("figures at the contract's maxima are taken, and a running sum stops at the column's limit, never a 500", async () => {
    // PostgreSQL binds each figure as an integer and adds integers: an unbounded sum is an error.
    const max = {
      stalls: QUALITY_MAX_COUNT,
      stallMs: QUALITY_MAX_MS,
      playMs: QUALITY_MAX_MS,
      rungSwitches: QUALITY_MAX_COUNT,
    };
    const s = await session();
    clock.advance(60_000);
    expect((await send(s.id, beacon({ sessionKey: s.key, ...max, startupMs: QUALITY_MAX_MS }))).statusCode).toBe(204);
    const INT_MAX = 2 ** 31 - 1;
    await db()
      .updateTable('playback_quality')
      .set({ stall_count: INT_MAX - 1, rung_switches: INT_MAX - 1, fatal_errors: INT_MAX - 1 })
      .where('session_id', '=', s.id)
      .execute();
    const res = await send(s.id, beacon({ sessionKey: s.key, seq: 2, ...max, fatalErrors: QUALITY_MAX_COUNT }));
    expect(res.statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({
      stall_count: INT_MAX,
      rung_switches: INT_MAX,
      fatal_errors: INT_MAX,
      watch_ms: 65_000,
      stall_ms: 65_000,
    });
    // The same maxima as totals replace the row within its bounds.
    expect((await send(s.id, beacon({ sessionKey: s.key, seq: 3, totals: true, ...max }))).statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ stall_count: QUALITY_MAX_COUNT, watch_ms: 65_000, last_seq: 3 });
  });

  it("a first frame cannot have come later than the session's age (plus 5 s): startup stops there", async () => {
    // A ticket holder's one beacon claiming a minute to the first frame, 2 s after opening: the
    // guaranteed view's "no first frame within 30 s" must not read 60 s from it.
    const viewer = await ticketHolder(x.d, db(), [x.ids['watch-premium']!], 'quality-startup');
    const s = await session('watch-premium', viewer);
    clock.advance(2_000);
    expect((await send(s.id, beacon({ sessionKey: s.key, startupMs: 60_000 }))).statusCode).toBe(204);
    expect(await rowOf(s.id)).toMatchObject({ startup_ms: 7_000 });
    // A figure within the session's age is taken as told.
    const t = await session();
    clock.advance(20_000);
    expect((await send(t.id, beacon({ sessionKey: t.key, startupMs: 12_345 }))).statusCode).toBe(204);
    expect(await rowOf(t.id)).toMatchObject({ startup_ms: 12_345 });
  });
});

describe('refusals change nothing', () => {
  it('bad input is a 400 with a sentence naming the field', async () => {
    const s = await session();
    const ok = beacon({ sessionKey: s.key });
    const cases: [Beacon, string][] = [
      [{ ...ok, sessionKey: undefined }, 'Viewing session key is required.'],
      [{ ...ok, sessionKey: 'short' }, 'Viewing session key must be the key the viewing session was opened with.'],
      [{ ...ok, seq: 0 }, 'Beacon number must be 1 or more.'],
      [{ ...ok, seq: 1.5 }, 'Beacon number must be a whole number.'],
      [{ ...ok, stalls: -1 }, 'Stalls must be 0 or more.'],
      [{ ...ok, playMs: 2 ** 31 }, 'Playing time (ms) must be 2147483647 or less.'],
      [{ ...ok, totals: false }, 'Totals must be true.'],
      [{ ...ok, stallMs: '10' }, 'Stalled time (ms) must be a number.'],
      [{ ...ok, startupMs: null }, 'Startup time (ms) must be a number.'],
      [{ ...ok, fatalErrors: undefined }, 'Fatal errors is required.'],
      [{ ...ok, eventId: 7 }, 'The request has a field we do not accept: eventId.'],
      [{ ...ok, userId: 1 }, 'The request has a field we do not accept: userId.'],
    ];
    const got = [];
    for (const [body] of cases) got.push(answer(await send(s.id, body)));
    expect(got).toEqual(cases.map(([, message]) => [400, message]));
    expect(answer(await send(s.id, 'seq=1', { type: 'text/plain' }))).toEqual([
      415,
      'The request body must be JSON, sent with Content-Type: application/json.',
    ]);
    expect(answer(await send(s.id, { ...ok, pad: 'x'.repeat(1100) }))).toEqual([
      413,
      'The request body is too large: at most 1 KB is accepted.',
    ]);
    expect(answer(await send('not-a-session', ok))).toEqual([
      400,
      'The viewing session in the address must be an id this server gave out.',
    ]);
    expect(await rowOf(s.id)).toBeUndefined();
  });

  it("an unknown session, another session's key or a wrong key: 404 with one sentence, nothing recorded", async () => {
    const s = await session();
    const other = await session();
    clock.advance(10_000);
    const unknown = '00000000-0000-4000-8000-000000000001';
    const got = [
      answer(await send(s.id, beacon({ sessionKey: other.key, playMs: 1000 }))),
      answer(await send(s.id, beacon({ sessionKey: 'A'.repeat(43), playMs: 1000 }))),
      answer(await send(unknown, beacon({ sessionKey: s.key, playMs: 1000 }))),
    ];
    expect(got).toEqual(Array(3).fill([404, QUALITY_SESSION_UNKNOWN]));
    expect(await rowOf(s.id)).toBeUndefined();
    expect(await rowOf(unknown)).toBeUndefined();
  });

  it("a session's last beacons count for 5 minutes after it ended (closed or silent), not later", async () => {
    const closed = await session();
    const silent = await session();
    const late = await session();
    clock.advance(30_000);
    for (const s of [closed, late]) expect((await x.d.close(s.who, s.id)).statusCode).toBe(200);
    clock.advance(5 * MINUTE - 1000);
    expect((await send(closed.id, beacon({ sessionKey: closed.key, playMs: 1000 }))).statusCode).toBe(204);
    // 5 minutes and a second after its close: too late.
    clock.advance(2000);
    expect(answer(await send(late.id, beacon({ sessionKey: late.key, playMs: 1000 })))).toEqual([
      404,
      QUALITY_SESSION_UNKNOWN,
    ]);
    // Silent: its last heartbeat (at the open), plus two intervals (60 s) of silence, plus 5 minutes.
    clock.advance(28_000);
    expect((await send(silent.id, beacon({ sessionKey: silent.key, playMs: 1000 }))).statusCode).toBe(204);
    clock.advance(2000);
    expect(answer(await send(silent.id, beacon({ sessionKey: silent.key, seq: 2, playMs: 1000 })))).toEqual([
      404,
      QUALITY_SESSION_UNKNOWN,
    ]);
    expect(await rowOf(late.id)).toBeUndefined();
    expect(await rowOf(silent.id)).toMatchObject({ last_seq: 1, watch_ms: 1000 });
  });
});

describe('limits', () => {
  it('10 beacons a minute per session; the 11th is a 429 and is not counted; other sessions go on', async () => {
    const s = await session();
    const other = await session();
    clock.advance(MINUTE);
    for (let seq = 1; seq <= 10; seq += 1)
      expect((await send(s.id, beacon({ sessionKey: s.key, seq, playMs: 1000 }))).statusCode).toBe(204);
    const refused = await send(s.id, beacon({ sessionKey: s.key, seq: 11, playMs: 1000 }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowOf(s.id)).toMatchObject({ last_seq: 10, watch_ms: 10_000 });
    expect((await send(other.id, beacon({ sessionKey: other.key, playMs: 1000 }))).statusCode).toBe(204);
  });

  it('per address (every session behind it together): past the limit a 429, another address goes on', async () => {
    const address = '10.61.0.1';
    const sessions = [];
    for (let i = 0; i < PER_ADDRESS + 1; i += 1) sessions.push(await session());
    clock.advance(MINUTE);
    const statuses = [];
    for (const s of sessions) statuses.push((await send(s.id, beacon({ sessionKey: s.key }), { address })).statusCode);
    expect(statuses).toEqual([...Array(PER_ADDRESS).fill(204), 429]);
    const last = sessions.at(-1)!;
    expect(await rowOf(last.id)).toBeUndefined();
    expect((await send(last.id, beacon({ sessionKey: last.key }), { address: '10.61.0.2' })).statusCode).toBe(204);
  });
});

describe('retention', () => {
  it('figures last reported more than QOE_RETENTION_DAYS (30) ago are deleted when a server starts', async () => {
    const old = await session();
    clock.advance(MINUTE);
    expect((await send(old.id, beacon({ sessionKey: old.key, playMs: 1000 }))).statusCode).toBe(204);
    const oldAt = clock.now();
    clock.advance(2 * DAY);
    const recent = await session();
    clock.advance(MINUTE);
    expect((await send(recent.id, beacon({ sessionKey: recent.key, playMs: 1000 }))).statusCode).toBe(204);

    // Another instance starts on the same database 30 days and a minute after the old report.
    clock.set(oldAt + 30 * DAY + MINUTE);
    const second = await buildApp(x.t.config, { database: x.t.database, now: clock.now });
    try {
      await second.ready();
      await until(async () => (await rowOf(old.id)) === undefined);
    } finally {
      await second.close();
    }
    // 28 days old: kept.
    expect(await rowOf(recent.id)).toMatchObject({ watch_ms: 1000 });
  });
});

describe('GET /metrics', () => {
  const metrics = async () => {
    const res = await x.t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const series = (text: string, name: string) =>
    Object.fromEntries(
      text
        .split('\n')
        .filter((l) => l.startsWith(`${name}{`))
        .map((l) => [/event_id="(\d+)"/.exec(l)![1], Number(l.split(' ').pop())]),
    );

  it('publishes per event startup p95 and the rebuffer ratio of the sessions that reported in 15 minutes', async () => {
    const c = await session('quality-c');
    clock.advance(MINUTE);
    // quality-c reported 16 minutes before the scrape: outside the window.
    expect((await send(c.id, beacon({ sessionKey: c.key, startupMs: 900, playMs: 60_000 }))).statusCode).toBe(204);
    clock.advance(15 * MINUTE);
    const a = [];
    for (let i = 0; i < 20; i += 1) a.push(await session('quality-a'));
    const b = [await session('quality-b'), await session('quality-b')];
    clock.advance(MINUTE);
    // Startups 100, 200, … 2000 ms; 1 s stalled in each of 20 sessions of 60 s watched.
    for (const [i, s] of a.entries())
      expect(
        (
          await send(
            s.id,
            beacon({ sessionKey: s.key, startupMs: (i + 1) * 100, stalls: 1, stallMs: 1000, playMs: 59_000 }),
          )
        ).statusCode,
      ).toBe(204);
    // quality-b: no first frame yet (no startup), one stall of 3 s in 30 s + 10 s of playing.
    expect(
      (await send(b[0]!.id, beacon({ sessionKey: b[0]!.key, stalls: 1, stallMs: 3000, playMs: 27_000 }))).statusCode,
    ).toBe(204);
    expect((await send(b[1]!.id, beacon({ sessionKey: b[1]!.key, playMs: 10_000 }))).statusCode).toBe(204);

    const text = await metrics();
    const [idA, idB, idC] = ['quality-a', 'quality-b', 'quality-c'].map((p) => String(events[p]));
    const startup = series(text, 'storefront_playback_startup_p95_seconds');
    const ratio = series(text, 'storefront_playback_rebuffer_ratio');
    const sessions = series(text, 'storefront_playback_sessions_reporting');
    // p95 over 20 values, continuous: the 18.05th of 0…19, 1900 + 0.05 × 100 = 1905 ms.
    expect(startup[idA!]).toBeCloseTo(1.905, 6);
    expect(ratio[idA!]).toBeCloseTo(20_000 / 1_200_000, 9);
    expect(sessions[idA!]).toBe(20);
    expect(startup[idB!]).toBeUndefined();
    expect(ratio[idB!]).toBeCloseTo(3000 / 40_000, 9);
    expect(sessions[idB!]).toBe(2);
    for (const s of [startup, ratio, sessions]) expect(s[idC!]).toBeUndefined();
    expect(text).toContain('# TYPE storefront_playback_rebuffer_ratio gauge');

    // Sixteen minutes later nobody has reported: the events' series are gone.
    clock.advance(16 * MINUTE);
    const quiet = await metrics();
    for (const id of [idA, idB]) expect(series(quiet, 'storefront_playback_sessions_reporting')[id!]).toBeUndefined();
  });
});

/** Polls a condition the server reaches on its own (a job it started), for up to 5 s. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the condition did not hold within 5 s');
}
