import { STREAM_MESSAGES } from '../../../src/shared/contract/streams';
import { createUnitOfWork } from '../../../src/server/db/unitOfWork';
import { createEntitlements } from '../../../src/server/modules/orders/entitlements';
import { createViewingSessions } from '../../../src/server/modules/streams/viewingSessionService';
import type { Caller } from '../../../src/server/plugins/caller';
import type { Who } from '../../utils/cart';
import { testClock } from '../../utils/clock';
import { sessionIdOf, ticketHolder, viewingTestApp } from './viewingSessionFixture';

/**
 * assertOpen, as the stream config calls it: a premium event's config only for a player whose
 * session is open, the caller's own and for this event. Sessions are opened through the API; the
 * check is a second service over the same database, as another server instance would run it.
 */
const clock = testClock();
let s: Awaited<ReturnType<typeof viewingTestApp>>;
let sessions: ReturnType<typeof createViewingSessions>;
beforeAll(async () => {
  s = await viewingTestApp({ deps: { now: clock.now } });
  const uow = createUnitOfWork(s.t.database.db);
  sessions = createViewingSessions({ uow, entitlements: createEntitlements({ uow }), config: s.t.config.viewing, log: s.t.app.log, now: clock.now });
});
afterAll(() => s.t.close());

const asCaller = (who: Who): Caller => ({ kind: 'user', userId: who.userId!, email: `${who.label}@example.com`, name: who.label });
const premium = () => s.ids['watch-premium']!;
const ended = { status: 409, message: STREAM_MESSAGES.sessionEnded };
async function opened(label = 'player') {
  const who = await ticketHolder(s.d, s.t.database.db, [premium(), s.ids['watch-other']!], label);
  return { who, caller: asCaller(who), sessionId: sessionIdOf(await s.d.open(who, 'watch-premium')) };
}

it('passes for the caller\'s own open session of this premium event', async () => {
  const { caller, sessionId } = await opened();
  await expect(sessions.assertOpen(caller, premium(), true, sessionId)).resolves.toBeUndefined();
});

it('asks nothing for a free event: no session, any caller', async () => {
  await expect(sessions.assertOpen({ kind: 'guest', guestId: 'g-1' }, s.ids['watch-free']!, false, undefined)).resolves.toBeUndefined();
  await expect(sessions.assertOpen({ kind: 'guest', guestId: 'g-1' }, s.ids['watch-free']!, false, 'not-a-uuid')).resolves.toBeUndefined();
});

it.each([
  ['no session', undefined],
  ['a malformed id', 'not-a-uuid'],
  ['an unknown session', '00000000-0000-4000-8000-000000000000'],
])('refuses a premium event with %s: 409', async (_case, sessionId) => {
  const { caller } = await opened();
  await expect(sessions.assertOpen(caller, premium(), true, sessionId)).rejects.toMatchObject(ended);
});

it('refuses another user\'s session, and a guest holding its id', async () => {
  const { sessionId } = await opened('owner');
  const { caller: other } = await opened('other');
  await expect(sessions.assertOpen(other, premium(), true, sessionId)).rejects.toMatchObject(ended);
  await expect(sessions.assertOpen({ kind: 'guest', guestId: 'g-2' }, premium(), true, sessionId)).rejects.toMatchObject(ended);
});

it('refuses a session opened for another event', async () => {
  const { caller, sessionId } = await opened();
  await expect(sessions.assertOpen(caller, s.ids['watch-other']!, true, sessionId)).rejects.toMatchObject(ended);
});

it('refuses a closed session', async () => {
  const { who, caller, sessionId } = await opened();
  expect((await s.d.close(who, sessionId)).statusCode).toBe(200);
  await expect(sessions.assertOpen(caller, premium(), true, sessionId)).rejects.toMatchObject(ended);
});

it('refuses a session silent for twice the heartbeat, and passes one kept by a heartbeat', async () => {
  const heartbeatMs = s.t.config.viewing.heartbeatSeconds * 1000;
  const silent = await opened('silent');
  const kept = await opened('kept');
  clock.advance(heartbeatMs);
  expect((await s.d.heartbeat(kept.who, kept.sessionId)).statusCode).toBe(200);
  clock.advance(heartbeatMs - 1);
  await expect(sessions.assertOpen(silent.caller, premium(), true, silent.sessionId)).resolves.toBeUndefined();
  clock.advance(1);
  await expect(sessions.assertOpen(silent.caller, premium(), true, silent.sessionId)).rejects.toMatchObject(ended);
  await expect(sessions.assertOpen(kept.caller, premium(), true, kept.sessionId)).resolves.toBeUndefined();
});
