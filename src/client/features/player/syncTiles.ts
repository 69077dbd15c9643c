import { playingDate, type TileHandle } from './tileRegistry';

/** How often the angles are compared. */
export const SYNC_INTERVAL_MS = 500;
/** Further apart than this, a tile seeks; closer, its playback rate is nudged. */
export const SEEK_BEYOND_MS = 1500;
/** Within this, a tile plays at normal speed. */
const IN_SYNC_MS = 50;
const MAX_NUDGE = 0.08;
/** The rate nudge per ms of drift: 100 ms of drift is caught up in about two seconds. */
const NUDGE_PER_MS = 1 / 2000;

export type SyncAction = { seekBySeconds: number; rate: 1 } | { seekBySeconds: 0; rate: number };

/**
 * What a tile `driftMs` ahead of the main angle (negative: behind) should do: seek when far off,
 * otherwise play a little slower or faster (0.92–1.08, proportional) until within IN_SYNC_MS.
 */
export function syncAction(driftMs: number): SyncAction {
  if (Math.abs(driftMs) > SEEK_BEYOND_MS) return { seekBySeconds: -driftMs / 1000, rate: 1 };
  if (Math.abs(driftMs) <= IN_SYNC_MS) return { seekBySeconds: 0, rate: 1 };
  const nudge = Math.min(MAX_NUDGE, Math.max(-MAX_NUDGE, driftMs * NUDGE_PER_MS));
  return { seekBySeconds: 0, rate: Number((1 - nudge).toFixed(3)) };
}

/** How far `tile` is ahead of `main` (ms): on program date-time when both know it, else on media time (VOD). */
function drift(tile: TileHandle, main: TileHandle): number {
  const [at, reference] = [playingDate(tile), playingDate(main)];
  if (at !== null && reference !== null) return at - reference;
  return (tile.video.currentTime - main.video.currentTime) * 1000;
}

const settled = (video: HTMLVideoElement) => !video.paused && !video.seeking && video.readyState >= 2;

/** One pass of the sync loop: every other tile is brought towards the main angle. */
export function syncTiles(tiles: TileHandle[], mainAngle: number): void {
  const main = tiles.find((t) => t.angle === mainAngle);
  if (!main || !settled(main.video)) return;
  for (const tile of tiles) {
    if (tile === main) {
      if (tile.video.playbackRate !== 1) tile.video.playbackRate = 1;
      continue;
    }
    if (!settled(tile.video)) continue;
    const action = syncAction(drift(tile, main));
    if (action.seekBySeconds !== 0) tile.video.currentTime = Math.max(0, tile.video.currentTime + action.seekBySeconds);
    if (tile.video.playbackRate !== action.rate) tile.video.playbackRate = action.rate;
  }
}
