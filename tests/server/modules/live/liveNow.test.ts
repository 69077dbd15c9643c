// @databases postgres: its outcome does not depend on the kind of database
import { liveNowData, liveStateData } from '../../../../src/shared/contract/live';
import { sessionIdOf, viewingDriver } from '../streams/viewingSessionFixture';
import { liveTestApp, type LiveTestApp } from './liveFixture';

/**
 * GET /v1/live: the shows on air now ('Live now' on the catalog pages), each with the number of
 * devices watching (open viewing sessions), kept five seconds; GET /v1/live/{id} carries the count
 * while the show is on air. A show fed by encoders is on air while its state is 'live'; one without
 * stream keys during its simulated live window (STREAM_LIVE_MINUTES from its air start).
 */
let x: LiveTestApp;
let viewers: ReturnType<typeof viewingDriver>;
beforeAll(async () => {
  x = await liveTestApp({});
  viewers = viewingDriver(x.t.app);
}, 60_000);
afterAll(() => x.t.close());

const MINUTE = 60_000;
/** The list a few seconds on (each process keeps it five seconds), checked against the contract. */
const onAir = async () => {
  x.clock.advance(5001);
  const res = await x.t.app.inject({ url: '/v1/live' });
  expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'public, max-age=5']);
  return liveNowData.strict().parse(res.json<{ data: unknown }>().data).events;
};
const paths = async () => (await onAir()).map((e) => e.path);
const ago = (ms: number) => new Date(x.clock.now() - ms);
/** `n` guests watching `path` now: who each is, and their session's id. */
const watch = async (path: string, n: number) => {
  const sessions = [];
  for (let i = 0; i < n; i += 1) {
    const who = await viewers.guest();
    sessions.push({ who, id: sessionIdOf(await viewers.open(who, path)) });
  }
  return sessions;
};

it('lists nothing while nothing is on air, publicly and in the envelope', async () => {
  const res = await x.t.app.inject({ url: '/v1/live' });
  expect(res.json()).toEqual({ success: true, message: 'Live now', data: { events: [] } });
  expect(res.headers['cache-control']).toBe('public, max-age=5');
});

it('a show without stream keys is on air in its simulated window only: not before, not after, never a draft', async () => {
  const liveMinutes = x.t.config.streams.liveMinutes;
  await x.liveEvent('now-window', { airStart: ago(10 * MINUTE) });
  await x.liveEvent('now-later', { airStart: new Date(x.clock.now() + 30 * MINUTE) });
  await x.liveEvent('now-over', { airStart: ago(liveMinutes * MINUTE + MINUTE) });
  const draft = await x.liveEvent('now-draft', { airStart: ago(MINUTE) });
  await x.t.database.db.updateTable('events').set({ published: false }).where('id', '=', draft).execute();
  expect(await paths()).toEqual(['now-window']);
  x.clock.advance(liveMinutes * MINUTE);
  expect(await paths()).not.toContain('now-window');
});

it('a show fed by encoders is on air while live: not with keys only, still within the reconnect window, not once ended', async () => {
  await x.liveEvent('now-keyed', { airStart: ago(MINUTE) });
  const keys = await x.ingest.issue('now-keyed');
  expect(await paths()).not.toContain('now-keyed');
  expect((await x.ingest.publish(keys[0]!.key, 'now-0')).statusCode).toBe(302);
  expect(await paths()).toContain('now-keyed');
  expect((await x.ingest.publishDone(keys[0]!.key, 'now-0')).statusCode).toBe(200);
  expect(await paths()).toContain('now-keyed');
  x.clock.advance(x.t.config.live.reconnectMinutes * MINUTE);
  expect(await paths()).not.toContain('now-keyed');
});

it('counts open sessions per show, the busiest first; a closed or silent one is not counted', async () => {
  await x.liveEvent('now-busy', { airStart: ago(2 * MINUTE) });
  await x.liveEvent('now-quiet', { airStart: ago(MINUTE) });
  await watch('now-quiet', 1);
  const [gone] = await watch('now-busy', 3);
  // This file's shows only (the fixture's show without keys is in its window by now too).
  const ours = async () => (await onAir()).filter((e) => e.path.startsWith('now-'));
  const byPath = async () => Object.fromEntries((await ours()).map((e) => [e.path, e.watching]));
  expect(await ours()).toEqual([
    { id: await x.idOf('now-busy'), path: 'now-busy', watching: 3 },
    { id: await x.idOf('now-quiet'), path: 'now-quiet', watching: 1 },
  ]);
  // The fan leaves (the player closes its session on the way out).
  expect((await viewers.close(gone!.who, gone!.id)).statusCode).toBe(200);
  expect(await byPath()).toEqual({ 'now-busy': 2, 'now-quiet': 1 });
  // Unheard of for longer than the silence window (two heartbeats): no longer watching.
  x.clock.advance(2 * x.t.config.viewing.heartbeatSeconds * 1000);
  expect(await byPath()).toEqual({ 'now-busy': 0, 'now-quiet': 0 });
});

it("is kept five seconds per process: a new viewer shows in the next list, and the player's state carries the count", async () => {
  await x.liveEvent('now-player', { airStart: ago(MINUTE) });
  const first = await onAir();
  expect(first.find((e) => e.path === 'now-player')?.watching).toBe(0);
  await watch('now-player', 2);
  // Within the five seconds: the list read before.
  const res = await x.t.app.inject({ url: '/v1/live' });
  expect(
    res
      .json<{ data: { events: { path: string; watching: number }[] } }>()
      .data.events.find((e) => e.path === 'now-player')?.watching,
  ).toBe(0);
  expect((await onAir()).find((e) => e.path === 'now-player')?.watching).toBe(2);
  const state = liveStateData
    .strict()
    .parse((await x.t.app.inject({ url: '/v1/live/now-player' })).json<{ data: unknown }>().data);
  expect(state).toEqual({ ingest: false, show: 'waiting', angles: [], watching: 2 });
  // A show not on air has no count.
  const later = liveStateData.parse(
    (await x.t.app.inject({ url: '/v1/live/live-vod' })).json<{ data: unknown }>().data,
  );
  expect(later.watching).toBeUndefined();
});
