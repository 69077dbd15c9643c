import { STREAM_MESSAGES } from '../../../src/shared/contract/streams';
import type { Who } from '../../utils/cart';
import { testClock } from '../../utils/clock';
import type { TestApp } from '../../utils/testApp';
import { sessionIdOf, ticketHolder, viewingTestApp, type ViewingDriver } from './viewingSessionFixture';

/** A session's life (open, heartbeat, close), the device limit, silent sessions, and old rows. */
const HEARTBEAT_MS = 30_000;
const clock = testClock();
let t: TestApp;
let d: ViewingDriver;
let ids: Record<string, number>;
beforeAll(async () => {
  ({ t, d, ids } = await viewingTestApp({ deps: { now: clock.now } }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const holder = (label = 'viewer', events = ['watch-premium']) => ticketHolder(d, db(), events.map((p) => ids[p]!), label);
const openId = async (who: Who, event = 'watch-premium') => sessionIdOf(await d.open(who, event));
const rowCount = async () => Number((await db().selectFrom('viewing_sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const answerOf = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];
const LIMIT_REACHED = [409, STREAM_MESSAGES.deviceLimit(2)];
const ENDED = [404, STREAM_MESSAGES.sessionEnded];

describe('open, heartbeat, close', () => {
  it('a ticket holder opens a session, keeps it with heartbeats and closes it; closing again answers the same', async () => {
    const who = await holder();
    const opened = await d.open(who, 'watch-premium');
    expect(answerOf(opened)).toEqual([201, STREAM_MESSAGES.opened]);
    expect(opened.headers['cache-control']).toBe('no-store');
    const session = opened.json().data;
    expect(session).toEqual({ sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/), heartbeatSeconds: 30, deviceLimit: 2 });
    const row = await db().selectFrom('viewing_sessions').selectAll().where('id', '=', session.sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ event_id: ids['watch-premium'], user_id: who.userId, viewer: `user:${who.userId}`, closed_at: null });
    expect(row.opened_at.getTime()).toBe(clock.now());

    clock.advance(HEARTBEAT_MS);
    const kept = await d.heartbeat(who, session.sessionId);
    expect(answerOf(kept)).toEqual([200, STREAM_MESSAGES.kept]);
    expect(kept.json().data).toEqual(session);
    expect(kept.headers['cache-control']).toBe('no-store');
    const seen = await db().selectFrom('viewing_sessions').select('last_seen_at').where('id', '=', session.sessionId).executeTakeFirstOrThrow();
    expect(seen.last_seen_at.getTime()).toBe(clock.now());

    const closed = await d.close(who, session.sessionId);
    expect(answerOf(closed)).toEqual([200, STREAM_MESSAGES.closed]);
    expect(closed.headers['cache-control']).toBe('no-store');
    const closedAt = (await db().selectFrom('viewing_sessions').select('closed_at').where('id', '=', session.sessionId).executeTakeFirstOrThrow()).closed_at;
    expect(closedAt?.getTime()).toBe(clock.now());
    clock.advance(1000);
    expect(answerOf(await d.close(who, session.sessionId))).toEqual([200, STREAM_MESSAGES.closed]);
    expect((await db().selectFrom('viewing_sessions').select('closed_at').where('id', '=', session.sessionId).executeTakeFirstOrThrow()).closed_at)
      .toEqual(closedAt);
    expect(answerOf(await d.heartbeat(who, session.sessionId))).toEqual(ENDED);
  });

  it('takes the event by path or by numeric id', async () => {
    const who = await holder();
    expect((await d.open(who, String(ids['watch-premium']))).statusCode).toBe(201);
    expect((await d.open(who, `00${ids['watch-premium']}`)).statusCode).toBe(201);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
  });
});

describe('the device limit (2 by default)', () => {
  it('a third device is refused with a message naming the limit, and nothing is stored for it', async () => {
    const who = await holder();
    await openId(who);
    await openId(who);
    const before = await rowCount();
    const refused = await d.open(who, 'watch-premium');
    expect(answerOf(refused)).toEqual(LIMIT_REACHED);
    expect(refused.json().message).toBe('This ticket is already playing on 2 devices. Stop watching on one of them to watch here.');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(await rowCount()).toBe(before);
  });

  it('closing one frees its slot at once', async () => {
    const who = await holder();
    const first = await openId(who);
    await openId(who);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await d.close(who, first)).statusCode).toBe(200);
    expect((await d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
  });

  it('counts per ticket: the same user\'s other event and another user\'s ticket have their own slots', async () => {
    const who = await holder('both', ['watch-premium', 'watch-other']);
    await openId(who);
    await openId(who);
    expect((await d.open(who, 'watch-other')).statusCode).toBe(201);
    expect((await d.open(await holder('someone-else'), 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
  });

  it('a session silent for twice the heartbeat frees its slot, and its heartbeat then answers 404', async () => {
    const who = await holder();
    const a = await openId(who);
    const b = await openId(who);
    clock.advance(2 * HEARTBEAT_MS - 1000);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    clock.advance(1000);
    const c = await openId(who);
    expect(answerOf(await d.heartbeat(who, a))).toEqual(ENDED);
    expect(answerOf(await d.heartbeat(who, b))).toEqual(ENDED);
    // Never revived: the late heartbeats changed nothing, and a slot is still free for one more device.
    expect((await db().selectFrom('viewing_sessions').select('last_seen_at').where('id', 'in', [a, b]).execute())
      .every((r) => r.last_seen_at.getTime() === clock.now() - 2 * HEARTBEAT_MS)).toBe(true);
    expect((await d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await d.heartbeat(who, c)).statusCode).toBe(200);
  });

  it('a heartbeat within the interval keeps the session: 1.5 intervals after it, it still holds its slot', async () => {
    const who = await holder();
    const kept = await openId(who);
    await openId(who);
    clock.advance(HEARTBEAT_MS);
    expect((await d.heartbeat(who, kept)).statusCode).toBe(200);
    clock.advance(1.5 * HEARTBEAT_MS);
    // The silent one is gone, the kept one is not: one device more, then the limit.
    expect((await d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await d.heartbeat(who, kept)).statusCode).toBe(200);
  });
});

describe('old rows', () => {
  it('sessions nobody has seen for a day are deleted on a later open; recent ones stay', async () => {
    const who = await holder();
    const old = await openId(who);
    const oldClosed = await openId(who);
    await d.close(who, oldClosed);
    clock.advance(24 * 60 * 60 * 1000 - 60_000);
    const recent = await openId(who, 'watch-free');
    // A server sweeps at most every 10 minutes.
    clock.advance(11 * 60_000);
    const fresh = await openId(who);
    const left = (await db().selectFrom('viewing_sessions').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(old);
    expect(left).not.toContain(oldClosed);
    expect(left).toEqual(expect.arrayContaining([recent, fresh]));
    expect(left).toHaveLength(2);
  });
});
