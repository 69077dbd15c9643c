// @databases postgres: its outcome does not depend on the kind of database
import { STREAM_MESSAGES } from '../../../../src/shared/contract/streams';
import { createUnitOfWork } from '../../../../src/server/db/unitOfWork';
import { createRepositories } from '../../../../src/server/repositories';
import { createEntitlements } from '../../../../src/server/modules/orders/entitlements';
import { createViewingSessions } from '../../../../src/server/modules/streams/viewingSessionService';
import type { Caller } from '../../../../src/server/platform/callerIdentity';
import type { Who } from '../../../utils/cart';
import { testClock } from '../../../utils/clock';
import { sessionIdOf, ticketHolder, viewingTestApp } from './viewingSessionFixture';

/**
 * assertOpen, as the stream config calls it: a premium event's config only for the player that
 * opened the session (it holds the key), whose session is open, the caller's own and for this event.
 * Sessions are opened through the API; the check is a second service over the same database, as
 * another server instance would run it.
 */
const clock = testClock();
let s: Awaited<ReturnType<typeof viewingTestApp>>;
let sessions: ReturnType<typeof createViewingSessions>;
beforeAll(async () => {
  s = await viewingTestApp({ deps: { now: clock.now } });
  const uow = createUnitOfWork(s.t.database.db, createRepositories);
  sessions = createViewingSessions({
    uow,
    entitlements: createEntitlements({ uow }),
    config: s.t.config.viewing,
    log: s.t.app.log,
    now: clock.now,
  });
});
afterAll(() => s.t.close());

const asCaller = (who: Who): Caller => ({
  kind: 'user',
  userId: who.userId!,
  email: `${who.label}@example.com`,
  name: who.label,
});
const premium = () => s.ids['watch-premium']!;
const ended = { status: 409, message: STREAM_MESSAGES.sessionEnded };
async function opened(label = 'player') {
  const who = await ticketHolder(s.d, s.t.database.db, [premium(), s.ids['watch-other']!], label);
  const sessionId = sessionIdOf(await s.d.open(who, 'watch-premium'));
  return { who, caller: asCaller(who), sessionId, key: s.d.keyOf(sessionId)! };
}

it("passes for the caller's own open session of this premium event, with its key", async () => {
  const { caller, sessionId, key } = await opened();
  expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await expect(sessions.assertOpen(caller, premium(), true, sessionId, key)).resolves.toBeUndefined();
});

it('asks nothing for a free event: no session, any caller', async () => {
  await expect(
    sessions.assertOpen({ kind: 'guest', guestId: 'g-1' }, s.ids['watch-free']!, false, undefined, undefined),
  ).resolves.toBeUndefined();
  await expect(
    sessions.assertOpen({ kind: 'guest', guestId: 'g-1' }, s.ids['watch-free']!, false, 'not-a-uuid', undefined),
  ).resolves.toBeUndefined();
});

it.each([
  ['no session', undefined],
  ['a malformed id', 'not-a-uuid'],
  ['an unknown session', '00000000-0000-4000-8000-000000000000'],
])('refuses a premium event with %s: 409', async (_case, sessionId) => {
  const { caller, key } = await opened();
  await expect(sessions.assertOpen(caller, premium(), true, sessionId, key)).rejects.toMatchObject(ended);
});

it("refuses the caller's own open session without its key, with the key of their other device or of another user: 409, as if it had ended", async () => {
  const { who, caller, sessionId } = await opened('two-devices');
  const secondDevice = sessionIdOf(await s.d.open(who, 'watch-premium'));
  const { key: otherUsersKey } = await opened('other-user');
  for (const wrong of [undefined, s.d.keyOf(secondDevice)!, otherUsersKey, 'A'.repeat(43)]) {
    await expect(sessions.assertOpen(caller, premium(), true, sessionId, wrong)).rejects.toMatchObject(ended);
  }
  await expect(sessions.assertOpen(caller, premium(), true, sessionId, s.d.keyOf(sessionId)!)).resolves.toBeUndefined();
});

it("refuses another user's session, and a guest holding its id, even with its key", async () => {
  const { sessionId, key } = await opened('owner');
  const { caller: other } = await opened('other');
  await expect(sessions.assertOpen(other, premium(), true, sessionId, key)).rejects.toMatchObject(ended);
  await expect(
    sessions.assertOpen({ kind: 'guest', guestId: 'g-2' }, premium(), true, sessionId, key),
  ).rejects.toMatchObject(ended);
});

it('refuses a session opened for another event', async () => {
  const { caller, sessionId, key } = await opened();
  await expect(sessions.assertOpen(caller, s.ids['watch-other']!, true, sessionId, key)).rejects.toMatchObject(ended);
});

it('refuses a closed session', async () => {
  const { who, caller, sessionId, key } = await opened();
  expect((await s.d.close(who, sessionId)).statusCode).toBe(200);
  await expect(sessions.assertOpen(caller, premium(), true, sessionId, key)).rejects.toMatchObject(ended);
});

it('refuses a session silent for twice the heartbeat, and passes one kept by a heartbeat', async () => {
  const heartbeatMs = s.t.config.viewing.heartbeatSeconds * 1000;
  const silent = await opened('silent');
  const kept = await opened('kept');
  clock.advance(heartbeatMs);
  expect((await s.d.heartbeat(kept.who, kept.sessionId)).statusCode).toBe(200);
  clock.advance(heartbeatMs - 1);
  await expect(
    sessions.assertOpen(silent.caller, premium(), true, silent.sessionId, silent.key),
  ).resolves.toBeUndefined();
  clock.advance(1);
  await expect(sessions.assertOpen(silent.caller, premium(), true, silent.sessionId, silent.key)).rejects.toMatchObject(
    ended,
  );
  await expect(sessions.assertOpen(kept.caller, premium(), true, kept.sessionId, kept.key)).resolves.toBeUndefined();
});
