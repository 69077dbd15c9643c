import { useEffect, useEffectEvent, useRef } from 'react';
import type { Replay } from './ReplaySeek';
import type { TileHandle, TileRegistry } from './tileRegistry';

/** How often, and how long at most, the tiles are watched for their playlists' end. */
const ENDLIST_CHECK_MS = 250;
const ENDLIST_WAIT_MS = 15_000;

/** Whether hls.js has read the tile's playlist as ended (EXT-X-ENDLIST): it no longer follows a live edge. */
const sawEnd = (tile: TileHandle) => !tile.hls || tile.hls.levels.some((l) => l.details?.live === false);

/**
 * A show that ends with the player open becomes its replay on every tile at the same moment, without
 * a reload: the angles go together to the start of the show and play on from there, as a player
 * opened after the end does (unless the fan had paused). Left alone, each tile played to its own
 * last live segment and stopped there. The seek waits until hls.js has read every playlist as ended:
 * before that it still follows the live edge, and pulled a tile sent back to the start forward again.
 */
export function useReplayAfterShow(registry: TileRegistry, live: boolean, replay: Replay | null, paused: boolean) {
  const wasLive = useRef(live);
  // The replay's seek as it is when the playlists have ended (its identity changes as it plays).
  const startReplay = useEffectEvent(() => {
    replay?.onSeek(0);
    if (paused) return;
    for (const tile of registry.all()) tile.video.play().catch(() => undefined);
  });
  useEffect(() => {
    const ended = wasLive.current && !live;
    wasLive.current = live;
    if (!ended) return undefined;
    const giveUpAt = Date.now() + ENDLIST_WAIT_MS;
    const timer = setInterval(() => {
      if (!registry.all().every(sawEnd) && Date.now() < giveUpAt) return;
      clearInterval(timer);
      startReplay();
    }, ENDLIST_CHECK_MS);
    return () => clearInterval(timer);
  }, [live, registry]);
}
