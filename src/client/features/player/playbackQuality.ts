import type Hls from 'hls.js';
import type { ErrorData, LevelSwitchedData } from 'hls.js';
import {
  QUALITY_MAX_COUNT,
  QUALITY_MAX_MS,
  type PlaybackQualityBeacon,
} from '../../../shared/contract/playbackQuality';

/** What one beacon carries besides the session's key, its number and `totals`. */
export type QualityBatch = Omit<PlaybackQualityBeacon, 'sessionKey' | 'seq' | 'totals'>;

/**
 * A session's totals so far with a new batch in them: what each beacon sends (the contract's
 * `totals`), so a beacon lost or overtaken on the way loses nothing. The first frame's time is kept
 * once known; the time tried without one is the newest.
 */
export function withBatch(totals: QualityBatch | null, batch: QualityBatch): QualityBatch {
  const startupMs = totals?.startupMs ?? batch.startupMs;
  const add = (key: 'stallMs' | 'playMs') => Math.min(QUALITY_MAX_MS, (totals?.[key] ?? 0) + batch[key]);
  const count = (key: 'stalls' | 'rungSwitches' | 'fatalErrors') =>
    Math.min(QUALITY_MAX_COUNT, (totals?.[key] ?? 0) + batch[key]);
  return {
    ...(startupMs !== undefined ? { startupMs } : batch.tryingMs !== undefined ? { tryingMs: batch.tryingMs } : {}),
    stalls: count('stalls'),
    stallMs: add('stallMs'),
    playMs: add('playMs'),
    rungSwitches: count('rungSwitches'),
    fatalErrors: count('fatalErrors'),
  };
}

/** The most a beacon may say of one time (the contract's bound); a longer one is cut, not refused. */
const MAX_MS = QUALITY_MAX_MS;
const HAVE_CURRENT_DATA = 2;

/**
 * The quality of one player's watching, measured from the main angle's own events (docs/decisions.md
 * "Watching"): startup (from `requestedAt`, when the player asked for its session, to the main angle's
 * first frame), stalls (the main angle waiting for data while it plays; a wait after a seek is not a
 * stall), the time watched (after the first frame, not paused: playing or stalled), rung switches and
 * fatal errors. `take()` hands over what is new since the last take. No React, no Redux: the player's
 * hooks feed it the main tile and send what it takes (usePlaybackQuality.ts).
 */
export class PlaybackQuality {
  private readonly requestedAt: number;
  private startupMs: number | null = null;
  private startupSent = false;
  private stalls = 0;
  private stallMs = 0;
  private watchMs = 0;
  private rungSwitches = 0;
  private fatalErrors = 0;
  /** Since when the main angle is watched (not paused) and, within that, stalled; null when not. */
  private watchingSince: number | null = null;
  private stalledSince: number | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.requestedAt = now();
  }

  /** Follows the main angle's video (and its hls.js instance, once it has one) until the returned call. */
  follow(video: HTMLVideoElement, hls: Hls | null): () => void {
    const started = () => this.startupMs !== null;
    const firstFrame = () => {
      if (!started()) this.startupMs = Math.min(MAX_MS, Math.round(this.now() - this.requestedAt));
    };
    const watch = () => {
      if (started() && this.watchingSince === null) this.watchingSince = this.now();
    };
    const onVideo: Record<string, () => void> = {
      playing: () => {
        firstFrame();
        this.endStall();
        watch();
      },
      play: watch,
      waiting: () => {
        if (!started() || video.seeking || video.paused || this.stalledSince !== null) return;
        this.stalls += 1;
        watch();
        this.stalledSince = this.now();
      },
      seeking: () => this.endStall(),
      pause: () => this.stopWatching(),
      ended: () => this.stopWatching(),
      // hls.js reports the media's errors itself; a video played without it (Safari's own HLS) has only this.
      error: () => {
        if (!hls) this.fatalErrors += 1;
      },
    };
    for (const [name, listener] of Object.entries(onVideo)) video.addEventListener(name, listener);
    // Taking over a tile already showing a picture (the viewer chose another angle).
    if (!video.paused && video.readyState >= HAVE_CURRENT_DATA) {
      firstFrame();
      watch();
    }

    let level = hls && hls.currentLevel >= 0 ? hls.currentLevel : null;
    const Events = hls ? (hls.constructor as typeof Hls).Events : null;
    const onLevel = (_event: string, data: LevelSwitchedData) => {
      // The first rung chosen is not a switch.
      if (level !== null && data.level !== level) this.rungSwitches += 1;
      level = data.level;
    };
    // A refused signed URL (403) is renewed by the player without a word: not a failure the viewer sees.
    const onError = (_event: string, data: ErrorData) => {
      if (data.fatal && data.response?.code !== 403) this.fatalErrors += 1;
    };
    if (hls && Events) {
      hls.on(Events.LEVEL_SWITCHED, onLevel);
      hls.on(Events.ERROR, onError);
    }
    return () => {
      for (const [name, listener] of Object.entries(onVideo)) video.removeEventListener(name, listener);
      if (hls && Events) {
        hls.off(Events.LEVEL_SWITCHED, onLevel);
        hls.off(Events.ERROR, onError);
      }
      this.stopWatching();
    };
  }

  /** What is new since the last take (time running now included), or null when nothing is. */
  take(): QualityBatch | null {
    const at = this.now();
    if (this.watchingSince !== null) {
      this.watchMs += at - this.watchingSince;
      this.watchingSince = at;
    }
    if (this.stalledSince !== null) {
      this.stallMs += at - this.stalledSince;
      this.stalledSince = at;
    }
    const stallMs = Math.min(MAX_MS, Math.round(this.stallMs));
    const watchMs = Math.round(this.watchMs);
    const batch: QualityBatch = {
      ...(this.startupMs !== null && !this.startupSent ? { startupMs: this.startupMs } : {}),
      // Still no first frame: the time tried so far, so a player that never gets one is heard of.
      ...(this.startupMs === null ? { tryingMs: Math.min(MAX_MS, Math.round(at - this.requestedAt)) } : {}),
      stalls: this.stalls,
      stallMs,
      playMs: Math.min(MAX_MS, Math.max(0, watchMs - Math.round(this.stallMs))),
      rungSwitches: this.rungSwitches,
      fatalErrors: this.fatalErrors,
    };
    const fresh =
      batch.startupMs !== undefined ||
      batch.tryingMs !== undefined ||
      batch.stalls + batch.stallMs + batch.playMs + batch.rungSwitches + batch.fatalErrors > 0;
    if (!fresh) return null;
    // What is sent is gone from here; the fractions of a millisecond wait for the next take.
    if (batch.startupMs !== undefined) this.startupSent = true;
    this.stalls = 0;
    this.rungSwitches = 0;
    this.fatalErrors = 0;
    this.stallMs -= Math.round(this.stallMs);
    this.watchMs -= watchMs;
    return batch;
  }

  private endStall(): void {
    if (this.stalledSince === null) return;
    this.stallMs += this.now() - this.stalledSince;
    this.stalledSince = null;
  }

  private stopWatching(): void {
    this.endStall();
    if (this.watchingSince === null) return;
    this.watchMs += this.now() - this.watchingSince;
    this.watchingSince = null;
  }
}
