// @databases both: SQL functions — the device limit is open_viewing_session (migration 0014)
import { createHash } from 'node:crypto';
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { testClock } from '../../../utils/clock';
import { viewingSuite } from './viewingSessionFixture';

/** A session's life (open, heartbeat, close), the device limit, silent sessions, and old rows. */
const HEARTBEAT_MS = 30_000;
const clock = testClock();
const v = viewingSuite(clock);
const { db, holder, openId, rowCount, answerOf } = v;
const LIMIT_REACHED = [409, STREAM_MESSAGES.deviceLimit(2)];
const ENDED = [404, STREAM_MESSAGES.sessionEnded];

describe('open, heartbeat, close', () => {
  it('a ticket holder opens a session, keeps it with heartbeats and closes it; closing again answers the same', async () => {
    const who = await holder();
    const opened = await v.d.open(who, 'watch-premium');
    expect(answerOf(opened)).toEqual([201, STREAM_MESSAGES.opened]);
    expect(opened.headers['cache-control']).toBe('no-store');
    const { sessionKey, entitlement, ...session } = opened.json().data;
    expect(session).toEqual({
      sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      heartbeatSeconds: 30,
      deviceLimit: 2,
    });
    // The ticket, signed: what the player sends to open a session while the database is down.
    expect(entitlement).toEqual({
      eventId: v.ids['watch-premium'],
      expiresAt: expect.any(String),
      token: expect.stringMatching(/^v1\./),
    });
    // The device's key: 256 random bits, stored only as its SHA-256.
    expect(sessionKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(sessionKey, 'base64url')).toHaveLength(32);
    const row = await db()
      .selectFrom('viewing_sessions')
      .selectAll()
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      event_id: v.ids['watch-premium'],
      user_id: who.userId,
      viewer: `user:${who.userId}`,
      closed_at: null,
    });
    expect(row.key_hash).toBe(createHash('sha256').update(sessionKey).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(sessionKey);
    expect(row.opened_at.getTime()).toBe(clock.now());

    clock.advance(HEARTBEAT_MS);
    const kept = await v.d.heartbeat(who, session.sessionId);
    expect(answerOf(kept)).toEqual([200, STREAM_MESSAGES.kept]);
    // Answered once, at the open: a heartbeat does not repeat the key.
    expect(kept.json().data).toEqual(session);
    expect(kept.headers['cache-control']).toBe('no-store');
    const seen = await db()
      .selectFrom('viewing_sessions')
      .select('last_seen_at')
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    expect(seen.last_seen_at.getTime()).toBe(clock.now());

    const closed = await v.d.close(who, session.sessionId);
    expect(answerOf(closed)).toEqual([200, STREAM_MESSAGES.closed]);
    expect(closed.headers['cache-control']).toBe('no-store');
    const closedAt = (
      await db()
        .selectFrom('viewing_sessions')
        .select('closed_at')
        .where('id', '=', session.sessionId)
        .executeTakeFirstOrThrow()
    ).closed_at;
    expect(closedAt?.getTime()).toBe(clock.now());
    clock.advance(1000);
    expect(answerOf(await v.d.close(who, session.sessionId))).toEqual([200, STREAM_MESSAGES.closed]);
    expect(
      (
        await db()
          .selectFrom('viewing_sessions')
          .select('closed_at')
          .where('id', '=', session.sessionId)
          .executeTakeFirstOrThrow()
      ).closed_at,
    ).toEqual(closedAt);
    expect(answerOf(await v.d.heartbeat(who, session.sessionId))).toEqual(ENDED);
  });

  it('takes the event by path or by numeric id', async () => {
    const who = await holder();
    expect((await v.d.open(who, String(v.ids['watch-premium']))).statusCode).toBe(201);
    expect((await v.d.open(who, `00${v.ids['watch-premium']}`)).statusCode).toBe(201);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
  });
});

describe('the device limit (2 by default)', () => {
  it('a third device is refused with a message naming the limit, and nothing is stored for it', async () => {
    const who = await holder();
    await openId(who);
    await openId(who);
    const before = await rowCount();
    const refused = await v.d.open(who, 'watch-premium');
    expect(answerOf(refused)).toEqual(LIMIT_REACHED);
    expect(refused.json().message).toBe(
      'This ticket is already playing on 2 devices. Stop watching on one of them to watch here.',
    );
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(await rowCount()).toBe(before);
  });

  it('closing one frees its slot at once', async () => {
    const who = await holder();
    const first = await openId(who);
    await openId(who);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await v.d.close(who, first)).statusCode).toBe(200);
    expect((await v.d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
  });

  it("counts per ticket: the same user's other event and another user's ticket have their own slots", async () => {
    const who = await holder('both', ['watch-premium', 'watch-other']);
    await openId(who);
    await openId(who);
    expect((await v.d.open(who, 'watch-other')).statusCode).toBe(201);
    expect((await v.d.open(await holder('someone-else'), 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
  });

  it('a session silent for twice the heartbeat frees its slot, and its heartbeat then answers 404', async () => {
    const who = await holder();
    const a = await openId(who);
    const b = await openId(who);
    clock.advance(2 * HEARTBEAT_MS - 1000);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    clock.advance(1000);
    const c = await openId(who);
    expect(answerOf(await v.d.heartbeat(who, a))).toEqual(ENDED);
    expect(answerOf(await v.d.heartbeat(who, b))).toEqual(ENDED);
    // Never revived: the late heartbeats changed nothing, and a slot is still free for one more device.
    expect(
      (await db().selectFrom('viewing_sessions').select('last_seen_at').where('id', 'in', [a, b]).execute()).every(
        (r) => r.last_seen_at.getTime() === clock.now() - 2 * HEARTBEAT_MS,
      ),
    ).toBe(true);
    expect((await v.d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await v.d.heartbeat(who, c)).statusCode).toBe(200);
  });

  it('a heartbeat within the interval keeps the session: 1.5 intervals after it, it still holds its slot', async () => {
    const who = await holder();
    const kept = await openId(who);
    await openId(who);
    clock.advance(HEARTBEAT_MS);
    expect((await v.d.heartbeat(who, kept)).statusCode).toBe(200);
    clock.advance(1.5 * HEARTBEAT_MS);
    // The silent one is gone, the kept one is not: one device more, then the limit.
    expect((await v.d.open(who, 'watch-premium')).statusCode).toBe(201);
    expect(answerOf(await v.d.open(who, 'watch-premium'))).toEqual(LIMIT_REACHED);
    expect((await v.d.heartbeat(who, kept)).statusCode).toBe(200);
  });
});

describe('old rows', () => {
  it('sessions nobody has seen for a day are deleted on a later open; recent ones stay', async () => {
    const who = await holder();
    const old = await openId(who);
    const oldClosed = await openId(who);
    await v.d.close(who, oldClosed);
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
