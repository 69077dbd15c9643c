import type Hls from 'hls.js';
import type { ErrorData } from 'hls.js';
import { retryDelayMs } from './hlsConfig';
import { PLAYER_COPY } from './playerCopy';
import type { TileState } from './tileRegistry';

type Tile = {
  url: () => string;
  /** The URL was refused (403): true while a fresh config is coming for it. */
  expired: (url: string) => boolean;
  show: (state: TileState, message?: string | null) => void;
};

/**
 * What a tile does about hls.js's fatal errors: an expired URL asks for a fresh config; a lost
 * connection says so and retries with growing waits; a media error is recovered once. Anything else
 * is shown on the tile.
 */
export function tileErrorHandler(hls: Hls, types: typeof Hls.ErrorTypes, tile: Tile) {
  let retries = 0;
  let recovered = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pending: (() => void) | null = null;
  /** What resumes a load refused for its grant, once a fresh one comes. */
  let refused: (() => void) | null = null;
  // Without a manifest there is nothing to resume: load it again.
  const resumeFor = (details: string) =>
    /^manifest/i.test(details) ? () => hls.loadSource(tile.url()) : () => hls.startLoad();
  return {
    onError(data: ErrorData) {
      if (!data.fatal) return;
      if (data.type === types.NETWORK_ERROR && data.response?.code === 403) {
        if (tile.expired(tile.url())) {
          tile.show('loading', PLAYER_COPY.refreshing);
          refused = resumeFor(data.details);
        } else tile.show('error', PLAYER_COPY.cannotPlay);
      } else if (data.type === types.NETWORK_ERROR) {
        tile.show('error', PLAYER_COPY.connectionLost);
        clearTimeout(retryTimer);
        const resume = resumeFor(data.details);
        pending = resume;
        retryTimer = setTimeout(() => {
          pending = null;
          resume();
        }, retryDelayMs(retries));
        retries += 1;
      } else if (data.type === types.MEDIA_ERROR && !recovered) {
        recovered = true;
        hls.recoverMediaError();
      } else {
        tile.show('error', PLAYER_COPY.cannotPlay);
      }
    },
    /** The tile plays again: the next lost connection starts with a short wait. */
    played() {
      retries = 0;
    },
    /** The feed is back (live shows): a retry that is waiting runs now, and the next one starts short. */
    retryNow() {
      retries = 0;
      const resume = pending;
      if (!resume) return;
      clearTimeout(retryTimer);
      pending = null;
      resume();
    },
    /** A fresh grant came for the tile's playlist: a load it refused goes again. */
    renewed() {
      const resume = refused;
      refused = null;
      resume?.();
    },
    stop() {
      clearTimeout(retryTimer);
    },
  };
}
