import type { LiveFeedState, LiveShowState, LiveStateData } from '../../../shared/contract/live';

/**
 * What the live state (GET /v1/live/{id}) means for the player. `undefined`: a live stream whose
 * state has not been answered yet; `null`: no live state (an on-demand stream, or the endpoint did
 * not answer): the player plays as it always has.
 */
export type LiveFeeds = {
  /** A live stream whose state is still being asked: no tile loads yet. */
  pending: boolean;
  /** The show is fed by a real encoder (false: the simulated fallback, played as before). */
  ingest: boolean;
  show: LiveShowState | null;
  /** An angle's feed; 'live' whenever nothing says otherwise. */
  feedOf: (angle: number) => LiveFeedState;
};

const ALWAYS_LIVE = (): LiveFeedState => 'live';

export function liveFeeds(state: LiveStateData | null | undefined): LiveFeeds {
  if (state === undefined) return { pending: true, ingest: false, show: null, feedOf: ALWAYS_LIVE };
  if (state === null || !state.ingest) return { pending: false, ingest: false, show: null, feedOf: ALWAYS_LIVE };
  const { show, angles } = state;
  const listed = new Map(angles.map((a) => [a.angle, a.state]));
  // An angle of the config the server does not list has no feed: it counts as one that never came.
  const feedOf = (angle: number): LiveFeedState => {
    if (show === 'waiting') return 'waiting';
    const feed = listed.get(angle) ?? 'waiting';
    // The replay: every feed that published plays what it recorded; one that never did has nothing.
    if (show === 'ended') return feed === 'waiting' ? 'waiting' : 'live';
    return feed;
  };
  return { pending: false, ingest: true, show, feedOf };
}
