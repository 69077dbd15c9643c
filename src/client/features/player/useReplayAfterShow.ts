import { useEffect, useEffectEvent, useRef } from 'react';
import type { Replay } from './ReplaySeek';
import type { TileRegistry } from './tileRegistry';

/**
 * A show that ends with the player open becomes its replay on every tile at the same moment, without
 * a reload: the angles go together to the start of the show and play on from there, as a player
 * opened after the end does (unless the fan had paused). Left alone, each tile played to its own
 * last live segment and stopped there.
 */
export function useReplayAfterShow(registry: TileRegistry, live: boolean, replay: Replay | null, paused: boolean) {
  const wasLive = useRef(live);
  const startReplay = useEffectEvent((to: Replay) => {
    to.onSeek(0);
    if (paused) return;
    for (const tile of registry.all()) tile.video.play().catch(() => undefined);
  });
  useEffect(() => {
    const ended = wasLive.current && !live;
    wasLive.current = live;
    if (ended && replay) startReplay(replay);
  }, [live, replay]);
}
