import { STREAM_MESSAGES } from '../../../src/shared/contract/streams';
import type { Who } from '../../utils/cart';
import { testClock } from '../../utils/clock';
import type { TestApp } from '../../utils/testApp';
import { sessionIdOf, ticketHolder, viewingTestApp, type ViewingDriver } from './viewingSessionFixture';

/** Who may open a session, whose a session is, bad input and the rate limit. */
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
const ENDED = [404, STREAM_MESSAGES.sessionEnded];

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

