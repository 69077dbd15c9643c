// @databases postgres: its outcome does not depend on the kind of database
import { liveStateData } from '../../../../src/shared/contract/live';
import { liveTestApp, type LiveTestApp } from './liveFixture';

/**
 * GET /v1/live/{id}: public, cached a second, the show's and each feed's state as the ingest's
 * callbacks leave them; `ingest: false` for an event without stream keys (its live window plays the
 * simulated fallback); 404 for an unknown event.
 */
let x: LiveTestApp;
beforeAll(async () => {
  x = await liveTestApp({});
}, 60_000);
afterAll(() => x.t.close());

const state = (key: string | number) => x.t.app.inject({ url: `/v1/live/${key}` });
/** The answer a second later: each process keeps it a second (a thousand players cost one read). */
const data = async (key: string | number) => {
  x.clock.advance(1001);
  const res = await state(key);
  expect([res.statusCode, res.headers['cache-control']]).toEqual([200, 'public, max-age=1']);
  // Every answer is the contract's shape, exactly (the player parses it with the same schema).
  const body = res.json<{ data: unknown }>().data;
  // The count of watchers while on air is liveNow.test.ts's: the states here are compared without it.
  const { watching: _watching, ...shown } = liveStateData.strict().parse(body);
  return shown;
};
const feeds = (states: Record<number, string>, rest = 'waiting') =>
  Array.from({ length: 10 }, (_, angle) => ({ angle, state: states[angle] ?? rest }));

it('answers without a token, cached one second publicly, in the envelope', async () => {
  await x.liveEvent('state-envelope');
  const res = await state('state-envelope');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=1');
  expect(res.json()).toEqual({
    success: true,
    message: 'Live state',
    data: { ingest: false, show: 'waiting', angles: [] },
  });
});

it('says ingest: false for events without stream keys: a Live event before its keys, an on-demand one', async () => {
  const id = await x.liveEvent('state-no-keys');
  expect(await data(id)).toEqual({ ingest: false, show: 'waiting', angles: [] });
  expect(await data('live-vod')).toEqual({ ingest: false, show: 'waiting', angles: [] });
  expect(await data('live-bare')).toEqual({ ingest: false, show: 'waiting', angles: [] });
});

it('follows the callbacks: waiting, live, offline, live again, then ended by the reconnect window', async () => {
  const id = await x.liveEvent('state-walk');
  const keys = await x.ingest.issue('state-walk');
  expect(await data(id)).toEqual({ ingest: true, show: 'waiting', angles: feeds({}) });

  expect((await x.ingest.publish(keys[1]!.key, 'walk-1')).statusCode).toBe(302);
  expect(await data('state-walk')).toEqual({ ingest: true, show: 'live', angles: feeds({ 1: 'live' }) });
  expect((await x.ingest.publish(keys[0]!.key, 'walk-0')).statusCode).toBe(302);
  expect(await data(id)).toEqual({ ingest: true, show: 'live', angles: feeds({ 0: 'live', 1: 'live' }) });

  expect((await x.ingest.publishDone(keys[1]!.key, 'walk-1')).statusCode).toBe(200);
  expect(await data(id)).toEqual({ ingest: true, show: 'live', angles: feeds({ 0: 'live', 1: 'offline' }) });
  expect((await x.ingest.publishDone(keys[0]!.key, 'walk-0')).statusCode).toBe(200);
  expect(await data(id)).toEqual({ ingest: true, show: 'live', angles: feeds({ 0: 'offline', 1: 'offline' }) });

  const window = x.t.config.live.reconnectMinutes * 60_000;
  // Each read below is a second later (data), so the clock moves a second less here.
  x.clock.advance(window - 3000);
  expect((await data(id)).show).toBe('live');
  expect((await x.ingest.publish(keys[1]!.key, 'walk-1b')).statusCode).toBe(302);
  expect(await data(id)).toEqual({ ingest: true, show: 'live', angles: feeds({ 0: 'offline', 1: 'live' }) });
  expect((await x.ingest.publishDone(keys[1]!.key, 'walk-1b')).statusCode).toBe(200);

  x.clock.advance(window - 3000);
  expect((await data(id)).show).toBe('live');
  x.clock.advance(2000);
  expect(await data(id)).toEqual({ ingest: true, show: 'ended', angles: feeds({ 0: 'offline', 1: 'offline' }) });
});

it("ends at the reconnect window's very instant: live a millisecond before, ended at it and after", async () => {
  // One show per reading: each answer is kept a second, and an end once seen is written down.
  const shows = ['state-edge-before', 'state-edge-at', 'state-edge-after'];
  const keys = [];
  for (const [n, path] of shows.entries()) {
    await x.liveEvent(path);
    const [feed] = await x.ingest.issue(path);
    expect((await x.ingest.publish(feed!.key, `edge-${n}`)).statusCode).toBe(302);
    keys.push(feed!.key);
  }
  // Every encoder leaves at one instant (the clock moves only when told).
  const left = x.clock.now();
  for (const [n, key] of keys.entries()) expect((await x.ingest.publishDone(key, `edge-${n}`)).statusCode).toBe(200);
  const closes = left + x.t.config.live.reconnectMinutes * 60_000;
  const showAt = async (path: string, at: number) => {
    x.clock.set(at);
    const res = await state(path);
    expect(res.statusCode).toBe(200);
    return res.json().data.show;
  };
  expect(await showAt('state-edge-before', closes - 1)).toBe('live');
  expect(await showAt('state-edge-at', closes)).toBe('ended');
  expect(await showAt('state-edge-after', closes + 1)).toBe('ended');
});

it('says ended once the organizer ends the show, with the feed still connected', async () => {
  const id = await x.liveEvent('state-end');
  const keys = await x.ingest.issue(id);
  expect((await x.ingest.publish(keys[3]!.key, 'end-3')).statusCode).toBe(302);
  expect((await x.ingest.end(id)).statusCode).toBe(200);
  expect(await data(id)).toEqual({ ingest: true, show: 'ended', angles: feeds({ 3: 'live' }) });
});

it('answers 404 for an unknown event, by id or path, in the envelope', async () => {
  for (const key of ['999999', 'no-such-show']) {
    const res = await state(key);
    expect([res.statusCode, res.json()]).toEqual([
      404,
      expect.objectContaining({ success: false, data: null, message: `No event "${key}"` }),
    ]);
  }
});
