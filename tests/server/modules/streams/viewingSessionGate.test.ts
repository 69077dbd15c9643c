// @databases postgres: its outcome does not depend on the kind of database
import {
  createViewingSessionGate,
  sessionStateCacheMs,
} from '../../../../src/server/modules/streams/viewingSessionGate';
import { createViewingSessionRepository } from '../../../../src/server/modules/streams/viewingSessionRepository';
import { createOutageRecord } from '../../../../src/server/platform/outageRecord';
import { testClock } from '../../../utils/clock';
import { viewingSuite } from './viewingSessionFixture';

/**
 * What protected media ask of a premium event's session, on every playlist and segment: read once
 * per session per cache period however many tiles ask at once, never trusted for a heartbeat
 * interval, and over the real repository (the database every instance shares).
 */
const clock = testClock();
const v = viewingSuite(clock);

/** A gate over the real repository, counting its reads. */
function countingGate(heartbeatSeconds = 30) {
  const repo = createViewingSessionRepository(v.db());
  let reads = 0;
  const byId = (id: string) => {
    reads += 1;
    return repo.byId(id);
  };
  return { gate: createViewingSessionGate({ repo: { byId }, heartbeatSeconds, now: clock.now }), reads: () => reads };
}

it('is cached for at most 5 s and always under one heartbeat interval', () => {
  expect(sessionStateCacheMs(30)).toBe(5_000);
  expect(sessionStateCacheMs(300)).toBe(5_000);
  expect(sessionStateCacheMs(5)).toBe(2_500);
  for (const seconds of [5, 6, 10, 30, 300]) expect(sessionStateCacheMs(seconds)).toBeLessThan(seconds * 1000);
});

it('ten tiles asking at once read the session once; again only after the cache period', async () => {
  const who = await v.holder('tiles');
  const session = await v.openId(who);
  const { gate, reads } = countingGate();
  const event = v.ids['watch-premium']!;
  expect(await Promise.all(Array.from({ length: 10 }, () => gate.isOpen(session, event)))).toEqual(
    Array(10).fill(true),
  );
  expect(reads()).toBe(1);
  clock.advance(4_999);
  expect(await Promise.all(Array.from({ length: 10 }, () => gate.isOpen(session, event)))).toEqual(
    Array(10).fill(true),
  );
  expect(reads()).toBe(1);
  clock.advance(1);
  expect(await gate.isOpen(session, event)).toBe(true);
  expect(reads()).toBe(2);
});

it("says no for a closed session (once the cache period is over) and another event's", async () => {
  const who = await v.holder('closing');
  const session = await v.openId(who);
  const { gate } = countingGate();
  expect(await gate.isOpen(session, v.ids['watch-other']!)).toBe(false);
  expect(await gate.isOpen(session, v.ids['watch-premium']!)).toBe(true);
  expect((await v.d.close(who, session)).statusCode).toBe(200);
  clock.advance(5_000);
  expect(await gate.isOpen(session, v.ids['watch-premium']!)).toBe(false);
});

it('says yes for a session without a row: only one opened during an outage is ever signed (its URLs bound it)', async () => {
  const { gate } = countingGate();
  expect(await gate.isOpen('00000000-0000-4000-8000-000000000000', v.ids['watch-premium']!)).toBe(true);
});

it('during an outage keeps what it read, and forgives the outage as silence once the database is back', async () => {
  const who = await v.holder('outage');
  const open = await v.openId(who);
  const closed = await v.openId(who);
  expect((await v.d.close(who, closed)).statusCode).toBe(200);
  let down = false;
  const outages = createOutageRecord(clock.now);
  const gate = createViewingSessionGate({
    repo: {
      byId: async (id) => {
        if (down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
        return createViewingSessionRepository(v.db()).byId(id);
      },
    },
    heartbeatSeconds: 30,
    now: clock.now,
    outages,
  });
  const event = v.ids['watch-premium']!;
  expect([await gate.isOpen(open, event), await gate.isOpen(closed, event)]).toEqual([true, false]);
  down = true;
  clock.advance(6_000);
  expect(await gate.isOpen(open, event)).toBe(true);
  // Far past two heartbeats without one: the outage, not the viewer, is silent.
  clock.advance(114_000);
  expect([await gate.isOpen(open, event), await gate.isOpen(closed, event)]).toEqual([true, false]);
  expect(await gate.isOpen('00000000-0000-4000-8000-000000000001', event)).toBe(true);
  down = false;
  clock.advance(5_000);
  expect([await gate.isOpen(open, event), await gate.isOpen(closed, event)]).toEqual([true, false]);
  // Two heartbeats after the outage, silence counts again: the session was never heard from.
  clock.advance(60_000);
  expect(await gate.isOpen(open, event)).toBe(false);
});

it('a cached "open" is not trusted past the silence it read: read again, and no once silent', async () => {
  const who = await v.holder('silent');
  const silent = await v.openId(who);
  const kept = await v.openId(who);
  const { gate, reads } = countingGate();
  const event = v.ids['watch-premium']!;
  clock.advance(59_000);
  expect(await gate.isOpen(silent, event)).toBe(true);
  expect(await gate.isOpen(kept, event)).toBe(true);
  expect((await v.d.heartbeat(who, kept)).statusCode).toBe(200);
  clock.advance(1_000);
  // Within the cache period, but past what was read: both read again; the kept one was heard from.
  expect(await gate.isOpen(silent, event)).toBe(false);
  expect(await gate.isOpen(kept, event)).toBe(true);
  expect(reads()).toBe(4);
});
