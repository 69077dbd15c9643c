import { pictureStart, playingDate, programDateAt, type TileHandle } from './tileRegistry';

/** How often the angles are compared. */
export const SYNC_INTERVAL_MS = 500;
/** Further apart than this, a tile seeks; closer, its playback rate is nudged. */
export const SEEK_BEYOND_MS = 1500;
/** Within this, a tile plays at the main angle's speed: half a frame at 30 fps. */
const IN_SYNC_MS = 15;
/**
 * The most a tile's speed is nudged: a quarter. Only the main angle is heard (the others are muted),
 * so a follower's speed can change this much unnoticed, and an angle a second behind after a stall
 * (its feed's segment late on a busy machine) is back in step in about four seconds, not twelve as
 * at 8 %, when stalls a few seconds apart held the angles most of a second apart for a whole minute.
 */
const MAX_NUDGE = 0.25;
/**
 * The rate nudge per ms of drift: 50 ms of drift is caught up in about a second. The nudge is
 * proportional, so an angle that keeps gaining on the main one settles where the nudge cancels the
 * gain: live, one angle gained ~20 ms a second (in one-second steps), which held it 40 ms off with
 * half this gain (a 34 ms check of the live journey failed one run in seven) and holds it ~20 ms off now.
 */
const NUDGE_PER_MS = 1 / 1000;

export type SyncAction = { seekBySeconds: number; rate: number };

/**
 * What a tile `driftMs` ahead of the main angle (negative: behind) should do: seek when far off,
 * otherwise play a little slower or faster than the main angle (its speed `mainRate` ± 25 %,
 * proportional) until within IN_SYNC_MS. Relative to the main angle's speed, because a live main
 * angle catching up with the edge plays faster than 1 (hls.js) and the others must keep up.
 */
export function syncAction(driftMs: number, mainRate = 1): SyncAction {
  if (Math.abs(driftMs) > SEEK_BEYOND_MS) return { seekBySeconds: -driftMs / 1000, rate: mainRate };
  if (Math.abs(driftMs) <= IN_SYNC_MS) return { seekBySeconds: 0, rate: mainRate };
  const nudge = Math.min(MAX_NUDGE, Math.max(-MAX_NUDGE, driftMs * NUDGE_PER_MS));
  return { seekBySeconds: 0, rate: Number((mainRate * (1 - nudge)).toFixed(3)) };
}

/** How far `tile` is ahead of `main` (ms): on program date-time when both know it, else on media time (VOD). */
function drift(tile: TileHandle, main: TileHandle): number {
  const [at, reference] = [playingDate(tile), playingDate(main)];
  if (at !== null && reference !== null) return at - reference;
  return (tile.video.currentTime - main.video.currentTime) * 1000;
}

const settled = (video: HTMLVideoElement) => !video.paused && !video.seeking && video.readyState >= 2;

export type SyncOptions = {
  /** Angles whose feed is down (live shows): they are neither followed nor moved. */
  down?: ReadonlySet<number>;
  /** hls.js sets the main angle's rate itself (it catches up with the live edge): left alone. */
  mainRateByHls?: boolean;
};

/** One pass of the sync loop: every other tile is brought towards the main angle. */
export function syncTiles(tiles: TileHandle[], mainAngle: number, options: SyncOptions = {}): void {
  const { down, mainRateByHls = false } = options;
  const main = tiles.find((t) => t.angle === mainAngle);
  // A main angle whose feed dropped stands still: following it would freeze every angle.
  if (!main || down?.has(mainAngle) || !settled(main.video)) return;
  for (const tile of tiles) {
    if (tile === main) {
      if (!mainRateByHls && tile.video.playbackRate !== 1) tile.video.playbackRate = 1;
      continue;
    }
    if (down?.has(tile.angle) || !settled(tile.video)) continue;
    const action = syncAction(drift(tile, main), mainRateByHls ? main.video.playbackRate : 1);
    if (action.seekBySeconds !== 0) tile.video.currentTime = Math.max(0, tile.video.currentTime + action.seekBySeconds);
    if (tile.video.playbackRate !== action.rate) tile.video.playbackRate = action.rate;
  }
}

type Span = { start: number; duration: number; date: number };

/** The segment of the tile's current level (with its program date-time) that `holds` accepts, if loaded. */
function fragmentWhere(tile: TileHandle, holds: (span: Span) => boolean): Span | null {
  const hls = tile.hls;
  const fragments = hls?.levels[Math.max(0, hls.currentLevel)]?.details?.fragments ?? [];
  for (const f of fragments) {
    const date = f.programDateTime;
    const span = date === null ? null : { start: pictureStart(f), duration: f.duration, date };
    if (span && holds(span)) return span;
  }
  return null;
}

/** The program date-time (ms) at media time `time` of a tile, from its playlist (else from its playhead). */
function dateAt(tile: TileHandle, time: number): number | null {
  const date = tile.hls ? programDateAt(tile.hls, time) : null;
  if (date !== null) return date;
  const now = playingDate(tile);
  return now === null ? null : now + (time - tile.video.currentTime) * 1000;
}

/** The media time of a tile at program date-time `date` (ms); its playlist knows it across a gap in the feed. */
function timeAt(tile: TileHandle, date: number): number | null {
  const f = fragmentWhere(tile, (x) => date >= x.date && date < x.date + x.duration * 1000);
  if (f) return f.start + (date - f.date) / 1000;
  const now = playingDate(tile);
  return now === null ? null : tile.video.currentTime + (date - now) / 1000;
}

/** The first moment every tile with a dated playlist has a picture of (null: none is dated). */
function commonStart(tiles: TileHandle[]): number | null {
  const starts = tiles.flatMap((tile) => {
    const first = fragmentWhere(tile, () => true);
    return first ? [first.date] : [];
  });
  return starts.length ? Math.max(...starts) : null;
}

/**
 * The viewer moved the main angle to `time`: every tile goes to the same moment of the show (the
 * same program date-time) at once, rather than being found out of step by the sync loop. Without
 * program date-times (on demand), the same media time.
 */
export function seekTiles(tiles: TileHandle[], mainAngle: number, time: number): void {
  const main = tiles.find((t) => t.angle === mainAngle);
  let date = main ? dateAt(main, time) : null;
  // Angles whose encoders started a little later have no picture of the first seconds: the show
  // starts, for every angle, where all of them have one.
  const common = commonStart(tiles);
  if (main && date !== null && common !== null && date < common) {
    date = common;
    time = timeAt(main, common) ?? time;
  }
  for (const tile of tiles) {
    const target = tile === main || date === null ? time : (timeAt(tile, date) ?? time);
    tile.video.currentTime = Math.max(0, target);
  }
}
