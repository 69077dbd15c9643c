// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import type { Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { sessionIdOf, viewingSuite } from './viewingSessionFixture';

/**
 * 'Watch here instead' (POST /v1/viewing-sessions/takeover): with every device slot of a ticket in
 * use, a new device takes the place of the oldest; the limit stands, the oldest device is told the
 * show moved (and nobody else learns anything), other people's and other events' sessions are never
 * touched, and bad calls get a sentence and change nothing.
 */
const clock = testClock();
const v = viewingSuite(clock);
const { db, holder, openId, rowCount, answerOf } = v;
const MOVED = [409, STREAM_MESSAGES.movedAway];
const ENDED = [404, STREAM_MESSAGES.sessionEnded];
const LIMIT_REACHED = [409, STREAM_MESSAGES.deviceLimit(2)];

/** Opens one device a second apart, so which is oldest is plain. */
async function devices(who: Who, n: number, event = 'watch-premium'): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    ids.push(await openId(who, event));
    clock.advance(1000);
  }
  return ids;
}

const sessionsOf = (who: Who) =>
  db()
    .selectFrom('viewing_sessions')
    .select(['id', 'event_id', 'closed_at', 'closed_reason'])
    .where('user_id', '=', who.userId!)
    .orderBy('opened_at')
    .execute();
const openOf = async (who: Who, event = 'watch-premium') =>
  (await sessionsOf(who)).filter((s) => s.closed_at === null && s.event_id === v.ids[event]).map((s) => s.id);

describe('with both devices in use', () => {
  it('a third device is offered the takeover: it gets in, the oldest is closed as taken over, the limit stands', async () => {
    const who = await holder('takeover');
    const [oldest, second] = await devices(who, 2);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);

    const took = await v.d.takeover(who, 'watch-premium');
    expect(answerOf(took)).toEqual([201, STREAM_MESSAGES.tookOver]);
    expect(took.headers['cache-control']).toBe('no-store');
    const { sessionKey, ...session } = took.json().data;
    expect(session).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      heartbeatSeconds: 30,
      deviceLimit: 2,
      // The ticket, signed: what the player sends to open a session while the database is down.
      entitlement: {
        eventId: expect.any(Number),
        expiresAt: expect.any(String),
        token: expect.stringMatching(/^v1\./),
      },
    });
    expect(sessionKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const third = session.sessionId as string;

    expect(await openOf(who)).toEqual([second, third]);
    expect((await sessionsOf(who)).find((s) => s.id === oldest)).toMatchObject({
      closed_at: new Date(clock.now()),
      closed_reason: 'taken_over',
    });
    // The limit itself stands: a plain open is still refused.
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await v.d.heartbeat(who, second!)).statusCode).toBe(200);
    expect((await v.d.heartbeat(who, third)).statusCode).toBe(200);
  });

  it("the oldest device's next heartbeat says the show moved, every time; it can take it back", async () => {
    const who = await holder('moved');
    const [oldest, second] = await devices(who, 2);
    const third = sessionIdOf(await v.d.takeover(who, 'watch-premium'));

    for (let i = 0; i < 2; i += 1) {
      expect(answerOf(await v.d.heartbeat(who, oldest!))).toEqual(MOVED);
      clock.advance(30_000);
      for (const open of [second!, third]) expect((await v.d.heartbeat(who, open)).statusCode).toBe(200);
    }
    // Closing a taken-over session (the old player leaving) is fine and keeps the reason.
    expect((await v.d.close(who, oldest!)).statusCode).toBe(200);
    expect(answerOf(await v.d.heartbeat(who, oldest!))).toEqual(MOVED);

    // 'Watch here instead' on the old device: the oldest now is the second, which is told in turn.
    const back = sessionIdOf(await v.d.takeover(who, 'watch-premium'));
    expect(await openOf(who)).toEqual([third, back]);
    expect(answerOf(await v.d.heartbeat(who, second!))).toEqual(MOVED);
  });

  it('only the device holding the key learns the show moved: no key, another key or another viewer hear it ended', async () => {
    const who = await holder('tell-only-the-key');
    const [oldest, second] = await devices(who, 2);
    await v.d.takeover(who, 'watch-premium');
    for (const key of [null, v.d.keyOf(second!), 'A'.repeat(43)])
      expect(answerOf(await v.d.heartbeat(who, oldest!, key))).toEqual(ENDED);
    const stranger = await holder('stranger');
    expect(answerOf(await v.d.heartbeat(stranger, oldest!, v.d.keyOf(oldest!)))).toEqual(ENDED);
    expect(answerOf(await v.d.heartbeat(who, oldest!))).toEqual(MOVED);
  });
});

describe('what a takeover never touches', () => {
  it("another ticket holder's sessions, the same user's sessions of another event, and silent ones stay as they were", async () => {
    const other = await holder('other-fan');
    const othersSessions = await devices(other, 2);
    const who = await holder('two-tickets', ['watch-premium', 'watch-other']);
    const [, mineHere] = await devices(who, 2);
    const otherEvent = await devices(who, 2, 'watch-other');

    expect(answerOf(await v.d.takeover(who, 'watch-premium'))).toEqual([201, STREAM_MESSAGES.tookOver]);
    expect(await openOf(other)).toEqual(othersSessions);
    expect(await openOf(who, 'watch-other')).toEqual(otherEvent);
    expect((await openOf(who)).slice(0, 1)).toEqual([mineHere]);
    expect((await sessionsOf(other)).every((s) => s.closed_reason === null)).toBe(true);
  });

  it('a free slot: it opens like an open, closing nothing; a silent session is not counted, nor closed', async () => {
    const who = await holder('free-slot');
    const [first] = await devices(who, 1);
    const took = await v.d.takeover(who, 'watch-premium');
    expect(answerOf(took)).toEqual([201, STREAM_MESSAGES.opened]);
    expect(await openOf(who)).toEqual([first, took.json().data.sessionId]);

    // Both fall silent (two intervals without a heartbeat): their slots are free, nothing is taken over.
    clock.advance(60_000);
    expect(answerOf(await v.d.takeover(who, 'watch-premium'))).toEqual([201, STREAM_MESSAGES.opened]);
    expect((await sessionsOf(who)).every((s) => s.closed_reason === null)).toBe(true);
    expect(answerOf(await v.d.heartbeat(who, first!))).toEqual(ENDED);
  });

  it('a free event has no limit: a guest or a user opens, nothing is closed', async () => {
    const guest = await v.d.guest();
    const before = await openId(guest, 'watch-free');
    const took = await v.d.takeover(guest, 'watch-free');
    expect(answerOf(took)).toEqual([201, STREAM_MESSAGES.opened]);
    expect((await v.d.heartbeat(guest, before)).statusCode).toBe(200);
    expect((await v.d.heartbeat(guest, took.json().data.sessionId)).statusCode).toBe(200);
  });

  it('with more open than the limit (DEVICE_LIMIT lowered), a takeover closes the oldest down to the limit', async () => {
    const who = await holder('lowered');
    const [a, b] = await devices(who, 2);
    // A third session left over from when the limit was 3.
    const c = '00000000-0000-4000-8000-00000000000c';
    await db()
      .insertInto('viewing_sessions')
      .values({
        id: c,
        event_id: v.ids['watch-premium']!,
        user_id: who.userId!,
        viewer: `user:${who.userId}`,
        key_hash: null,
        opened_at: new Date(clock.now()),
        last_seen_at: new Date(clock.now()),
      })
      .execute();
    clock.advance(1000);
    const took = sessionIdOf(await v.d.takeover(who, 'watch-premium'));
    expect(await openOf(who)).toEqual([c, took]);
    const closed = (await sessionsOf(who)).filter((s) => s.closed_reason === 'taken_over').map((s) => s.id);
    expect(closed.sort()).toEqual([a, b].sort());
  });
});

describe('refusals: a sentence, and nothing changes', () => {
  it('a guest on a premium event, a user without a ticket (or with another event’s), an unknown event', async () => {
    const owner = await holder('refusals-owner');
    const owned = await devices(owner, 2);
    const before = await rowCount();
    expect(answerOf(await v.d.takeover(await v.d.guest(), 'watch-premium'))).toEqual([
      403,
      STREAM_MESSAGES.notEntitled,
    ]);
    expect(answerOf(await v.d.takeover(await v.d.user('no-ticket'), 'watch-premium'))).toEqual([
      403,
      STREAM_MESSAGES.notEntitled,
    ]);
    expect(answerOf(await v.d.takeover(await holder('wrong-ticket', ['watch-other']), 'watch-premium'))).toEqual([
      403,
      STREAM_MESSAGES.notEntitled,
    ]);
    expect(answerOf(await v.d.takeover(owner, 'no-such-event'))).toEqual([404, 'No event "no-such-event"']);
    expect(await rowCount()).toBe(before);
    expect(await openOf(owner)).toEqual(owned);
    expect((await v.d.takeover({ label: 'nobody' }, 'watch-premium')).statusCode).toBe(401);
  });

  it.each([
    [{}, 'Event is required.'],
    [{ eventId: '' }, 'Event must not be empty.'],
    [{ eventId: 12 }, 'Event must be text.'],
    [
      { eventId: 'watch-premium', sessionId: '00000000-0000-4000-8000-000000000001' },
      'The request has a field we do not accept: sessionId.',
    ],
    [{ eventId: 'watch-premium', userId: 1 }, 'The request has a field we do not accept: userId.'],
  ])('a bad body %j: 400 saying %s, nothing stored', async (payload, message) => {
    const who = await holder('bad-body');
    const owned = await devices(who, 2);
    const before = await rowCount();
    const res = await v.t.app.inject({
      method: 'POST',
      url: '/v1/viewing-sessions/takeover',
      headers: { authorization: who.authorization! },
      payload,
    });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await rowCount()).toBe(before);
    expect(await openOf(who)).toEqual(owned);
  });

  it('takeovers are limited per caller: the 11th in a minute is a 429 with a sentence and stops nobody', async () => {
    const who = await holder('restless');
    for (let i = 0; i < 10; i += 1) expect((await v.d.takeover(who, 'watch-premium')).statusCode).toBe(201);
    const open = await openOf(who);
    const limited = await v.d.takeover(who, 'watch-premium');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    expect(await openOf(who)).toEqual(open);
    // Plain opens and heartbeats have budgets of their own; another fan is not held back.
    expect((await v.d.heartbeat(who, open[0]!)).statusCode).toBe(200);
    expect((await v.d.takeover(await holder('calm'), 'watch-premium')).statusCode).toBe(201);
  });
});
