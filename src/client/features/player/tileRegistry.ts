import type Hls from 'hls.js';
import type { Fragment } from 'hls.js';

export type TileState = 'loading' | 'playing' | 'error';

/** A playing tile as the page's loops see it: its video and its hls.js instance (null until loaded). */
export type TileHandle = {
  angle: number;
  name: () => string;
  video: HTMLVideoElement;
  hls: Hls | null;
  state: () => TileState;
};

/** One tile of the diagnostics: serializable, without URLs or tokens. */
export type TileDiagnostics = {
  angle: number;
  name: string;
  state: TileState;
  playing: boolean;
  playingDate: number | null;
  currentTime: number;
  height: number | null;
  readyState: number;
};

const HAVE_FUTURE_DATA = 3;

/** The current level's height of a tile ('360' for 360p), null before the first level is chosen. */
function levelHeight(hls: Hls | null): number | null {
  if (!hls) return null;
  const level = hls.levels[hls.currentLevel];
  return level?.height ? level.height : null;
}

/**
 * Where a segment's first picture sits on the media timeline. hls.js's `start` is its earliest sample,
 * audio or video, and a segment's audio begins up to an audio frame (21 ms) before its first picture,
 * by a different amount in every segment; its program date-time is the first picture's (the packager
 * cuts on keyframes).
 */
export const pictureStart = (fragment: Fragment): number =>
  fragment.elementaryStreams.video?.startPTS ?? fragment.start;

/** The segment of the tile's current level that holds media time `time`, found by halving. */
function fragmentAt(hls: Hls, time: number): Fragment | null {
  const fragments = hls.levels[Math.max(0, hls.currentLevel)]?.details?.fragments ?? [];
  let [low, high] = [0, fragments.length - 1];
  while (low <= high) {
    const middle = (low + high) >> 1;
    const fragment = fragments[middle]!;
    if (time < pictureStart(fragment)) high = middle - 1;
    else if (time >= pictureStart(fragment) + fragment.duration) low = middle + 1;
    else return fragment;
  }
  return null;
}

/**
 * The wall-clock time (ms) of the tile's playhead: its segment's EXT-X-PROGRAM-DATE-TIME plus how far
 * into the segment's pictures it is. hls.js's own `playingDate` counts from the segment's earliest
 * sample (see pictureStart): two angles in step then seemed 20 ms apart, and back, every second, and
 * the sync loop chased that.
 */
export function playingDate(handle: TileHandle): number | null {
  const { hls, video } = handle;
  if (!hls) return null;
  return programDateAt(hls, video.currentTime) ?? hls.playingDate?.getTime() ?? null;
}

/** The program date-time (ms) at media time `time`, from the current level's segment holding it (null: none). */
export function programDateAt(hls: Hls, time: number): number | null {
  const fragment = hls.levels?.length ? fragmentAt(hls, time) : null;
  if (fragment?.programDateTime == null) return null;
  return fragment.programDateTime + (time - pictureStart(fragment)) * 1000;
}

/**
 * The tiles of one player, by angle. Tiles add themselves when their media starts and leave on
 * unmount; whoever follows a tile (the quality measure) hears of each change, its hls.js instance too.
 */
export class TileRegistry {
  private readonly tiles = new Map<number, TileHandle>();
  private readonly listeners = new Set<() => void>();

  add(handle: TileHandle) {
    this.tiles.set(handle.angle, handle);
    this.changed();
  }

  remove(handle: TileHandle) {
    if (this.tiles.get(handle.angle) === handle) this.tiles.delete(handle.angle);
    this.changed();
  }

  /** A tile changed (it got its hls.js instance): the listeners look again. */
  changed() {
    for (const listener of this.listeners) listener();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(angle: number): TileHandle | undefined {
    return this.tiles.get(angle);
  }

  all(): TileHandle[] {
    return [...this.tiles.values()].sort((a, b) => a.angle - b.angle);
  }

  diagnostics(): TileDiagnostics[] {
    return this.all().map((t) => ({
      angle: t.angle,
      name: t.name(),
      state: t.state(),
      playing: !t.video.paused && !t.video.ended && t.video.readyState >= HAVE_FUTURE_DATA,
      playingDate: playingDate(t),
      currentTime: t.video.currentTime,
      height: t.video.videoHeight || levelHeight(t.hls),
      readyState: t.video.readyState,
    }));
  }
}
