// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { testClock } from '../../../utils/clock';
import { viewingSuite } from './viewingSessionFixture';

/** Who may open a session, whose a session is, bad input and the rate limit. */
const clock = testClock();
const v = viewingSuite(clock);
const { db, holder, openId, rowCount, answerOf } = v;
const ENDED = [404, STREAM_MESSAGES.sessionEnded];

describe('who may open a session', () => {
  it('a guest on a premium event: 403, nothing stored', async () => {
    const before = await rowCount();
    expect(answerOf(await v.d.open(await v.d.guest(), 'watch-premium'))).toEqual([403, STREAM_MESSAGES.notEntitled]);
    expect(await rowCount()).toBe(before);
  });

  it('a signed-in user without an order: 403 (an order for another event does not count)', async () => {
    expect(answerOf(await v.d.open(await v.d.user('no-order'), 'watch-premium'))).toEqual([
      403,
      STREAM_MESSAGES.notEntitled,
    ]);
    expect(answerOf(await v.d.open(await holder('other-ticket', ['watch-other']), 'watch-premium'))).toEqual([
      403,
      STREAM_MESSAGES.notEntitled,
    ]);
  });

  it('a free event: a guest or a user opens sessions with no limit', async () => {
    const guest = await v.d.guest();
    const sessions = [];
    for (let i = 0; i < 5; i += 1) sessions.push(await openId(guest, 'watch-free'));
    expect(new Set(sessions).size).toBe(5);
    const row = await db()
      .selectFrom('viewing_sessions')
      .selectAll()
      .where('id', '=', sessions[0]!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      viewer: expect.stringMatching(/^guest:/),
      event_id: v.ids['watch-free'],
    });
    expect((await v.d.heartbeat(guest, sessions[4]!)).statusCode).toBe(200);
    expect((await v.d.close(guest, sessions[4]!)).statusCode).toBe(200);
    const user = await v.d.user('free-watcher');
    for (let i = 0; i < 3; i += 1) expect((await v.d.open(user, 'watch-free')).statusCode).toBe(201);
  });

  it('an unknown event: 404', async () => {
    const who = await holder();
    expect(answerOf(await v.d.open(who, 'no-such-event'))).toEqual([404, 'No event "no-such-event"']);
    expect((await v.d.open(who, '2147483000')).statusCode).toBe(404);
  });

  it('no token: 401, and refusals are not stored by caches either', async () => {
    const res = await v.d.open({ label: 'nobody' }, 'watch-free');
    expect(res.statusCode).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    [{}, 'Event is required.'],
    [{ eventId: '' }, 'Event must not be empty.'],
    [{ eventId: 12 }, 'Event must be text.'],
    [{ eventId: 'x'.repeat(121) }, 'Event must be at most 120 characters.'],
    [{ eventId: 'watch-free', userId: 1 }, 'The request has a field we do not accept: userId.'],
  ])('a bad body %j: 400 saying %s, nothing stored', async (payload, field) => {
    const who = await holder();
    const before = await rowCount();
    const res = await v.t.app.inject({
      method: 'POST',
      url: '/v1/viewing-sessions',
      headers: { authorization: who.authorization! },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(field);
    expect(await rowCount()).toBe(before);
  });
});

describe("sessions are their viewer's own", () => {
  it("another user's session: heartbeat and close answer 404 and change nothing", async () => {
    const owner = await holder('owner');
    const session = await openId(owner);
    const intruder = await holder('intruder');
    for (const stranger of [intruder, await v.d.guest()]) {
      expect(answerOf(await v.d.heartbeat(stranger, session))).toEqual(ENDED);
      expect(answerOf(await v.d.close(stranger, session))).toEqual(ENDED);
    }
    const row = await db()
      .selectFrom('viewing_sessions')
      .selectAll()
      .where('id', '=', session)
      .executeTakeFirstOrThrow();
    expect(row.closed_at).toBeNull();
    expect(row.last_seen_at.getTime()).toBe(clock.now());
    expect((await v.d.heartbeat(owner, session)).statusCode).toBe(200);
  });

  it("a guest's session is that guest token's alone", async () => {
    const guest = await v.d.guest();
    const session = await openId(guest, 'watch-free');
    const otherGuest = await v.d.guest();
    expect(answerOf(await v.d.heartbeat(otherGuest, session))).toEqual(ENDED);
    expect(answerOf(await v.d.close(otherGuest, session))).toEqual(ENDED);
    expect((await v.d.heartbeat(guest, session)).statusCode).toBe(200);
  });

  it('an unknown session: 404; a malformed id: 400 naming it, nothing changed', async () => {
    const who = await holder();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(answerOf(await v.d.heartbeat(who, unknown))).toEqual(ENDED);
    expect(answerOf(await v.d.close(who, unknown))).toEqual(ENDED);
    const session = await openId(who);
    for (const bad of ['not-a-uuid', `${session}x`, '1']) {
      const beat = await v.d.heartbeat(who, bad);
      expect(beat.statusCode).toBe(400);
      expect(beat.json().message).toBe('The viewing session in the address must be an id this server gave out.');
      const closed = await v.d.close(who, bad);
      expect(closed.statusCode).toBe(400);
      expect(closed.json().message).toBe('The viewing session in the address must be an id this server gave out.');
    }
    expect(
      (
        await db()
          .selectFrom('viewing_sessions')
          .select('closed_at')
          .where('id', '=', session)
          .executeTakeFirstOrThrow()
      ).closed_at,
    ).toBeNull();
  });
});

describe('rate limits', () => {
  it('opens are limited per caller: the 31st in a minute is a 429, another caller is not held back', async () => {
    const guest = await v.d.guest();
    for (let i = 0; i < 30; i += 1) expect((await v.d.open(guest, 'watch-free')).statusCode).toBe(201);
    const limited = await v.d.open(guest, 'watch-free');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests/);
    expect((await v.d.open(await v.d.guest(), 'watch-free')).statusCode).toBe(201);
  });
});
