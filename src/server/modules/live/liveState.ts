import type { LiveFeedState, LiveShowState } from '../../../shared/contract/live';
import type { LiveFeedRow } from './liveRepository';

export type ShowRow = { started_at: Date | null; ended_at: Date | null } | undefined;
export type LiveState = {
  show: LiveShowState;
  /** When the show ended (the organizer's end, or the last feed's leaving when nobody came back); null while on. */
  endedAt: Date | null;
  angles: { angle: number; state: LiveFeedState; parts: number }[];
};

/** A feed's state from its row: publishing now, published before, or not yet. */
export function feedState(feed: Pick<LiveFeedRow, 'publisher' | 'publishes'>): LiveFeedState {
  if (feed.publisher) return 'live';
  return feed.publishes > 0 ? 'offline' : 'waiting';
}

/**
 * The show's state, computed when asked (no timer, so every instance agrees): ended when the organizer
 * ended it, or when every encoder has stayed away longer than the reconnect window; live once any
 * feed has arrived; waiting before.
 */
export function liveState(feeds: LiveFeedRow[], show: ShowRow, nowMs: number, reconnectMs: number): LiveState {
  const angles = feeds.map((f) => ({ angle: f.angle, state: feedState(f), parts: f.publishes }));
  const base = { angles };
  if (show?.ended_at && show.ended_at.getTime() <= nowMs) return { ...base, show: 'ended', endedAt: show.ended_at };
  if (!feeds.some((f) => f.publishes > 0)) return { ...base, show: 'waiting', endedAt: null };
  if (feeds.some((f) => f.publisher)) return { ...base, show: 'live', endedAt: null };
  const lastSeen = Math.max(...feeds.map((f) => f.last_publish_end?.getTime() ?? 0));
  if (lastSeen + reconnectMs <= nowMs) return { ...base, show: 'ended', endedAt: new Date(lastSeen) };
  return { ...base, show: 'live', endedAt: null };
}
