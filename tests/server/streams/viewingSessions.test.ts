import { STREAM_MESSAGES } from '../../../src/shared/contract/streams';
import type { Who } from '../../utils/cart';
import { testClock } from '../../utils/clock';
import type { TestApp } from '../../utils/testApp';
import { sessionIdOf, ticketHolder, viewingTestApp, type ViewingDriver } from './viewingSessionFixture';

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

describe('who may open a session', () => {
  it('a guest on a premium event: 403, nothing stored', async () => {
    const before = await rowCount();
    expect(answerOf(await d.open(await d.guest(), 'watch-premium'))).toEqual([403, STREAM_MESSAGES.notEntitled]);
    expect(await rowCount()).toBe(before);
  });

  it('a signed-in user without an order: 403 (an order for another event does not count)', async () => {
    expect(answerOf(await d.open(await d.user('no-order'), 'watch-premium'))).toEqual([403, STREAM_MESSAGES.notEntitled]);
    expect(answerOf(await d.open(await holder('other-ticket', ['watch-other']), 'watch-premium'))).toEqual([403, STREAM_MESSAGES.notEntitled]);
  });

  it('a free event: a guest or a user opens sessions with no limit', async () => {
    const guest = await d.guest();
    const sessions = [];
    for (let i = 0; i < 5; i += 1) sessions.push(await openId(guest, 'watch-free'));
    expect(new Set(sessions).size).toBe(5);
    const row = await db().selectFrom('viewing_sessions').selectAll().where('id', '=', sessions[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, viewer: expect.stringMatching(/^guest:/), event_id: ids['watch-free'] });
    expect((await d.heartbeat(guest, sessions[4]!)).statusCode).toBe(200);
    expect((await d.close(guest, sessions[4]!)).statusCode).toBe(200);
    const user = await d.user('free-watcher');
    for (let i = 0; i < 3; i += 1) expect((await d.open(user, 'watch-free')).statusCode).toBe(201);
  });

  it('an unknown event: 404', async () => {
    const who = await holder();
    expect(answerOf(await d.open(who, 'no-such-event'))).toEqual([404, 'No event "no-such-event"']);
    expect((await d.open(who, '2147483000')).statusCode).toBe(404);
  });

  it('no token: 401, and refusals are not stored by caches either', async () => {
    const res = await d.open({ label: 'nobody' }, 'watch-free');
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    [{}, 'body.eventId'],
    [{ eventId: '' }, 'body.eventId'],
    [{ eventId: 12 }, 'body.eventId'],
    [{ eventId: 'x'.repeat(121) }, 'body.eventId'],
    [{ eventId: 'watch-free', userId: 1 }, 'body'],
  ])('a bad body %j: 400 naming %s, nothing stored', async (payload, field) => {
    const who = await holder();
    const before = await rowCount();
    const res = await t.app.inject({ method: 'POST', url: '/v1/viewing-sessions', headers: { authorization: who.authorization! }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect(await rowCount()).toBe(before);
  });
});

describe('sessions are their viewer\'s own', () => {
  it('another user\'s session: heartbeat and close answer 404 and change nothing', async () => {
    const owner = await holder('owner');
    const session = await openId(owner);
    const intruder = await holder('intruder');
    for (const stranger of [intruder, await d.guest()]) {
      expect(answerOf(await d.heartbeat(stranger, session))).toEqual(ENDED);
      expect(answerOf(await d.close(stranger, session))).toEqual(ENDED);
    }
    const row = await db().selectFrom('viewing_sessions').selectAll().where('id', '=', session).executeTakeFirstOrThrow();
    expect(row.closed_at).toBeNull();
    expect(row.last_seen_at.getTime()).toBe(clock.now());
    expect((await d.heartbeat(owner, session)).statusCode).toBe(200);
  });

  it('a guest\'s session is that guest token\'s alone', async () => {
    const guest = await d.guest();
    const session = await openId(guest, 'watch-free');
    const otherGuest = await d.guest();
    expect(answerOf(await d.heartbeat(otherGuest, session))).toEqual(ENDED);
    expect(answerOf(await d.close(otherGuest, session))).toEqual(ENDED);
    expect((await d.heartbeat(guest, session)).statusCode).toBe(200);
  });

  it('an unknown session: 404; a malformed id: 400 naming it, nothing changed', async () => {
    const who = await holder();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(answerOf(await d.heartbeat(who, unknown))).toEqual(ENDED);
    expect(answerOf(await d.close(who, unknown))).toEqual(ENDED);
    const session = await openId(who);
    for (const bad of ['not-a-uuid', `${session}x`, '1']) {
      const beat = await d.heartbeat(who, bad);
      expect(beat.statusCode).toBe(400);
      expect(beat.json().message).toContain('params.sessionId');
      const closed = await d.close(who, bad);
      expect(closed.statusCode).toBe(400);
      expect(closed.json().message).toContain('params.sessionId');
    }
    expect((await db().selectFrom('viewing_sessions').select('closed_at').where('id', '=', session).executeTakeFirstOrThrow()).closed_at).toBeNull();
  });
});

describe('rate limits', () => {
  it('opens are limited per caller: the 31st in a minute is a 429, another caller is not held back', async () => {
    const guest = await d.guest();
    for (let i = 0; i < 30; i += 1) expect((await d.open(guest, 'watch-free')).statusCode).toBe(201);
    const limited = await d.open(guest, 'watch-free');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests/);
    expect((await d.open(await d.guest(), 'watch-free')).statusCode).toBe(201);
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
