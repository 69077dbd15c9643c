import { useCallback, useEffect, useMemo } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { playerLiveEdgeReached, playerSeeked, playerWentLive } from './playerSlice';
import { seekTiles } from './syncTiles';
import type { TileRegistry } from './tileRegistry';
import type { Replay } from './ReplaySeek';
import { BEHIND_LIVE_S, useLivePosition } from './useLivePosition';

type Viewing = {
  main: number;
  /** A live stream: 'Live' jumps every tile to its edge. */
  live: boolean;
  /** A show from an encoder, played close to its edge with a seek bar (DVR). */
  liveEdge: boolean;
  paused: boolean;
  behindLive: boolean;
};

/**
 * Where the viewer is in a live show and how they move in it: the seek bar's position, a seek that
 * takes every angle along, 'Live' back to the edge, and the end of "behind live" once the angles are
 * within reach of the edge again (a short pause, a catch-up).
 */
export function useLiveSeeking(registry: TileRegistry, { main, live, liveEdge, paused, behindLive }: Viewing) {
  const dispatch = useAppDispatch();
  const { position, resample } = useLivePosition(registry, main, liveEdge);
  const goLive = useCallback(() => {
    if (!live) return;
    for (const tile of registry.all()) {
      const edge = tile.hls?.liveSyncPosition;
      if (typeof edge === 'number') tile.video.currentTime = edge;
    }
    dispatch(playerWentLive());
    resample();
  }, [dispatch, live, registry, resample]);
  const seek = useCallback(
    (time: number) => {
      seekTiles(registry.all(), main, time);
      dispatch(playerSeeked({ behindLive: position !== null && position.edge - time > BEHIND_LIVE_S }));
      resample();
    },
    [dispatch, main, position, registry, resample],
  );
  const caughtUp = position !== null && position.edge - position.position <= BEHIND_LIVE_S;
  useEffect(() => {
    if (liveEdge && behindLive && !paused && caughtUp) dispatch(playerLiveEdgeReached());
  }, [dispatch, liveEdge, behindLive, paused, caughtUp]);
  return { position, goLive, seek };
}

/**
 * On demand (a replay too): the main angle's position over the whole show, and a seek that takes
 * every angle to the same moment of it. Null when not enabled (live).
 */
export function useReplaySeeking(registry: TileRegistry, main: number, enabled: boolean): Replay | null {
  const { position, resample } = useLivePosition(registry, main, enabled);
  const onSeek = useCallback(
    (time: number) => {
      seekTiles(registry.all(), main, time);
      resample();
    },
    [main, registry, resample],
  );
  return useMemo(() => (enabled ? { position, onSeek } : null), [enabled, position, onSeek]);
}
