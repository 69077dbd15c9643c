import type { HlsConfig } from 'hls.js';

/**
 * Per-tile hls.js settings that keep ten tiles light (notes/money-and-video.md "The player"): each
 * tile loads no more than its size shows, starts at the lowest level and buffers little.
 */
export const TILE_HLS_CONFIG: Partial<HlsConfig> = {
  capLevelToPlayerSize: true,
  startLevel: 0,
  maxBufferLength: 8,
  maxMaxBufferLength: 20,
  backBufferLength: 6,
};

/** Waits between retries of a lost connection: 1 s, 2 s, 4 s… up to 10 s. */
export const retryDelayMs = (attempt: number) => Math.min(10_000, 1000 * 2 ** attempt);
