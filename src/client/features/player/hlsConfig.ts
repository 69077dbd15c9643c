import type Hls from 'hls.js';
import type { HlsConfig } from 'hls.js';

/**
 * Per-tile hls.js settings that keep ten tiles light (notes/money-and-video.md "The player"): each
 * tile loads no more than its size shows, starts at the lowest level and buffers little. The size
 * counts at most two device pixels per CSS pixel: on a 3× phone a strip tile then stays on the 144p
 * rung (a 270p picture there is not worth twice the bytes on a mobile link), and the main angle
 * still reaches the top rung.
 */
const TILE_HLS_CONFIG: Partial<HlsConfig> = {
  capLevelToPlayerSize: true,
  maxDevicePixelRatio: 2,
  startLevel: 0,
  maxBufferLength: 8,
  maxMaxBufferLength: 20,
  backBufferLength: 6,
};

/** Seconds behind the newest segment a live tile plays (hls.js liveSyncDuration). */
const LIVE_SYNC_S = 1.5;
/** Further behind than this, a tile following the live edge jumps back to it (liveMaxLatencyDuration). */
const LIVE_MAX_LATENCY_S = 5;
/** The fastest the main angle plays to catch up with the edge (maxLiveSyncPlaybackRate). */
const LIVE_CATCH_UP_RATE = 1.05;

/**
 * A show from a real encoder (EVENT playlists, 1 s segments, target duration 1–2 s) is played close
 * to its edge:
 * - liveSyncDuration 1.5 s: one and a half segments of margin, enough for the next segment to arrive
 *   before the buffer runs dry (hls.js never starts closer than one target duration anyway).
 * - liveMaxLatencyDuration 5 s: a tile more than ~3 segments late (after a stall) jumps back to the
 *   edge instead of staying late. It is lifted while the viewer watches behind live on purpose
 *   (paused or rewound: applyLiveEdge sets it to Infinity), or hls.js would pull a rewound viewer back.
 * - maxLiveSyncPlaybackRate 1.05 (the main angle only; the others follow its speed through the sync
 *   loop, syncTiles.ts): a late join jumps to the edge at once (joinLiveEdge), so speed
 *   only makes up small drifts; 5 % keeps the music's tempo change faint (the pitch is kept), and the
 *   other angles, told the main angle's speed every 500 ms, stay within a frame of it when it changes.
 * - lowLatencyMode: partial segments and blocking reloads when the packager offers them.
 * - backBufferLength stays small: the whole show is in the playlist, a rewind fetches it again.
 */
const LIVE_EDGE_CONFIG: Partial<HlsConfig> = {
  lowLatencyMode: true,
  liveSyncDuration: LIVE_SYNC_S,
  liveMaxLatencyDuration: LIVE_MAX_LATENCY_S,
  maxLiveSyncPlaybackRate: 1,
};

/**
 * The tile the player opens with as main starts where hls.js's bandwidth estimate puts it (within
 * its size); every other tile starts on the lowest rung, so nine tiles do not race the main one.
 * A tile of a show from an encoder (`liveEdge`) adds the live-edge settings; the on-demand and the
 * simulated live streams keep hls.js's defaults for live.
 */
export const hlsConfigFor = (main: boolean, liveEdge = false): Partial<HlsConfig> => ({
  ...TILE_HLS_CONFIG,
  ...(main ? { startLevel: -1 } : {}),
  ...(liveEdge ? { ...LIVE_EDGE_CONFIG, maxLiveSyncPlaybackRate: main ? LIVE_CATCH_UP_RATE : 1 } : {}),
});

/** Waits between retries of a lost connection: 1 s, 2 s, 4 s… up to 10 s. */
export const retryDelayMs = (attempt: number) => Math.min(10_000, 1000 * 2 ** attempt);

/** Joining a live show further than this behind the planned distance jumps instead of speeding up. */
const JOIN_SLACK_S = 0.5;

type EdgeRole = { liveEdge: boolean; main: boolean; followEdge: boolean };

/**
 * A tile of a show from an encoder as its role changes: only the main angle catches up by speed (the
 * others follow it, syncTiles.ts), and a viewer behind live on purpose is not pulled back to the edge.
 */
export function applyLiveEdge(hls: Hls, { liveEdge, main, followEdge }: EdgeRole): void {
  if (!liveEdge || !hls.config.lowLatencyMode) return;
  hls.config.maxLiveSyncPlaybackRate = main ? LIVE_CATCH_UP_RATE : 1;
  hls.config.liveMaxLatencyDuration = followEdge ? LIVE_MAX_LATENCY_S : Infinity;
}

/**
 * A live tile's first picture comes later than hls.js planned (playlist, segment and decoding took
 * a second or two while the show went on): it jumps to the planned distance from the edge at once
 * rather than catching up by speed for tens of seconds, which a listener would hear.
 */
export function joinLiveEdge(hls: Hls | null, video: HTMLVideoElement, { liveEdge, followEdge }: EdgeRole): void {
  if (!liveEdge || !followEdge || !hls) return;
  const { latency, targetLatency, liveSyncPosition } = hls;
  if (targetLatency !== null && latency > targetLatency + JOIN_SLACK_S && liveSyncPosition !== null)
    video.currentTime = liveSyncPosition;
}
