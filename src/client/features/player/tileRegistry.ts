import type Hls from 'hls.js';

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
export function levelHeight(hls: Hls | null): number | null {
  if (!hls) return null;
  const level = hls.levels[hls.currentLevel];
  return level?.height ? level.height : null;
}

/** The wall-clock time (ms) of the tile's playhead, from EXT-X-PROGRAM-DATE-TIME. */
export function playingDate(handle: TileHandle): number | null {
  const date = handle.hls?.playingDate;
  return date ? date.getTime() : null;
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
      height: levelHeight(t.hls) ?? (t.video.videoHeight || null),
      readyState: t.video.readyState,
    }));
  }
}
