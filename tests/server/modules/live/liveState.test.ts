// @databases postgres: its outcome does not depend on the kind of database
import { feedState, liveState } from '../../../../src/server/modules/live/liveState';
import type { LiveFeedRow } from '../../../../src/server/modules/live/liveRepository';
import { LIVE_FEED_STATES, LIVE_SHOW_STATES } from '../../../../src/shared/contract/live';

/**
 * A live show's state, computed from its rows when asked (no timer): each feed waiting, live or
 * offline; the show waiting, then live once a feed arrives, then ended by the organizer or when
 * every encoder has stayed away longer than the reconnect window (and not a moment before).
 */
const T0 = Date.parse('2026-03-01T20:00:00Z');
const MIN = 60_000;
const RECONNECT = 5 * MIN;

function feed(angle: number, over: Partial<LiveFeedRow> = {}): LiveFeedRow {
  return {
    event_id: 7,
    angle,
    srt_port: 9000 + angle,
    key_hash: `hash-${angle}`,
    publisher: null,
    publishing_since: null,
    last_publish_end: null,
    publishes: 0,
    issued_at: new Date(T0 - 60 * MIN),
    ...over,
  };
}
const publishing = (angle: number, parts = 1) =>
  feed(angle, { publisher: `boot:${angle}`, publishing_since: new Date(T0), publishes: parts });
const left = (angle: number, atMs: number, parts = 1) =>
  feed(angle, { publishes: parts, last_publish_end: new Date(atMs) });
const states = (s: ReturnType<typeof liveState>) => s.angles.map((a) => a.state);

describe('a feed', () => {
  it('is waiting before its first publish, live while publishing, offline after', () => {
    expect(feedState(feed(1))).toBe('waiting');
    expect(feedState(publishing(1))).toBe('live');
    expect(feedState(left(1, T0))).toBe('offline');
    // Publishing again after dropping: live again.
    expect(feedState(publishing(1, 3))).toBe('live');
  });

  it("reports its parts (publishes) with its state, in the show's angles", () => {
    const s = liveState([feed(0), publishing(1, 2), left(2, T0, 4)], undefined, T0, RECONNECT);
    expect(s.angles).toEqual([
      { angle: 0, state: 'waiting', parts: 0 },
      { angle: 1, state: 'live', parts: 2 },
      { angle: 2, state: 'offline', parts: 4 },
    ]);
  });
});

describe('a show', () => {
  it('is waiting while no feed has arrived (also with no show row, or one with only keys)', () => {
    const s = liveState([feed(0), feed(1)], undefined, T0, RECONNECT);
    expect([s.show, s.endedAt, states(s)]).toEqual(['waiting', null, ['waiting', 'waiting']]);
    // Waiting far past any reconnect window: a show that never began does not end by itself.
    expect(liveState([feed(0)], { started_at: null, ended_at: null }, T0 + 24 * 60 * MIN, RECONNECT).show).toBe(
      'waiting',
    );
  });

  it('is live once any feed publishes, and stays live while one does, however long others are away', () => {
    const s = liveState([feed(0), publishing(1)], { started_at: new Date(T0), ended_at: null }, T0, RECONNECT);
    expect([s.show, s.endedAt, states(s)]).toEqual(['live', null, ['waiting', 'live']]);
    const later = liveState(
      [left(0, T0), publishing(1)],
      { started_at: new Date(T0), ended_at: null },
      T0 + 10 * RECONNECT,
      RECONNECT,
    );
    expect([later.show, states(later)]).toEqual(['live', ['offline', 'live']]);
  });

  it('waiting → live → ended by the organizer: ended at once, with the time it ended', () => {
    const feeds = [feed(0), feed(1)];
    expect(liveState(feeds, undefined, T0, RECONNECT).show).toBe('waiting');
    const on = [publishing(0), feed(1)];
    expect(liveState(on, { started_at: new Date(T0), ended_at: null }, T0 + MIN, RECONNECT).show).toBe('live');
    const endedAt = new Date(T0 + 2 * MIN);
    // Ended while an encoder is still connected (the ingest drops it next): ended all the same.
    const ended = liveState(on, { started_at: new Date(T0), ended_at: endedAt }, endedAt.getTime(), RECONNECT);
    expect([ended.show, ended.endedAt]).toEqual(['ended', endedAt]);
    // An end recorded for a later time (another instance's clock ahead) is not an end yet.
    expect(liveState(on, { started_at: new Date(T0), ended_at: endedAt }, endedAt.getTime() - 1, RECONNECT).show).toBe(
      'live',
    );
  });

  it('ends by the reconnect window: not while the last encoder left less than the window ago, ended after', () => {
    const lastLeft = T0 + 30 * MIN;
    const feeds = [left(0, T0 + 10 * MIN), left(1, lastLeft), feed(2)];
    const show = { started_at: new Date(T0), ended_at: null };
    // Just left, and one millisecond before the window closes: still live ("we'll be right back").
    for (const at of [lastLeft, lastLeft + RECONNECT - 1]) {
      const s = liveState(feeds, show, at, RECONNECT);
      expect([s.show, s.endedAt, states(s)]).toEqual(['live', null, ['offline', 'offline', 'waiting']]);
    }
    // At the window's very instant and past it, counted from the last feed to leave (not the first):
    // ended at that leaving.
    for (const at of [lastLeft + RECONNECT, lastLeft + RECONNECT + 1, lastLeft + 10 * RECONNECT]) {
      const s = liveState(feeds, show, at, RECONNECT);
      expect([s.show, s.endedAt]).toEqual(['ended', new Date(lastLeft)]);
    }
    expect(liveState(feeds, show, T0 + 10 * MIN + RECONNECT + 1, RECONNECT).show).toBe('live');
  });

  it('that an encoder came back to within the window is live again, and its clock restarts when it leaves', () => {
    const show = { started_at: new Date(T0), ended_at: null };
    const back = [publishing(0, 2)];
    expect(liveState(back, show, T0 + RECONNECT - 1, RECONNECT).show).toBe('live');
    const leftAgain = T0 + 20 * MIN;
    expect(liveState([left(0, leftAgain, 2)], show, leftAgain + RECONNECT - 1, RECONNECT).show).toBe('live');
    expect(liveState([left(0, leftAgain, 2)], show, leftAgain + RECONNECT + 1, RECONNECT).show).toBe('ended');
  });

  it('with no feeds at all (no keys) is waiting, with no angles', () => {
    expect(liveState([], undefined, T0, RECONNECT)).toEqual({ show: 'waiting', endedAt: null, angles: [] });
  });
});

describe("every state it gives is one the contract's players know", () => {
  it('over a grid of feeds, show rows and times', () => {
    const feedsSets = [
      [],
      [feed(0)],
      [publishing(0), feed(1)],
      [left(0, T0), left(1, T0 + MIN)],
      [left(0, T0), publishing(1)],
    ];
    const shows = [
      undefined,
      { started_at: new Date(T0), ended_at: null },
      { started_at: null, ended_at: new Date(T0) },
    ];
    for (const feeds of feedsSets)
      for (const show of shows)
        for (const at of [T0 - MIN, T0, T0 + RECONNECT, T0 + 10 * RECONNECT]) {
          const s = liveState(feeds, show, at, RECONNECT);
          expect(LIVE_SHOW_STATES).toContain(s.show);
          for (const a of s.angles) expect(LIVE_FEED_STATES).toContain(a.state);
          expect(s.endedAt !== null).toBe(s.show === 'ended');
        }
  });
});
