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

/**
 * The tile the player opens with as main starts where hls.js's bandwidth estimate puts it (within
 * its size); every other tile starts on the lowest rung, so nine tiles do not race the main one.
 */
export const hlsConfigFor = (main: boolean): Partial<HlsConfig> =>
  main ? { ...TILE_HLS_CONFIG, startLevel: -1 } : TILE_HLS_CONFIG;

/** Waits between retries of a lost connection: 1 s, 2 s, 4 s… up to 10 s. */
export const retryDelayMs = (attempt: number) => Math.min(10_000, 1000 * 2 ** attempt);
