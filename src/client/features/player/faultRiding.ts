import type Hls from 'hls.js';
import type {
  ErrorData,
  FragmentLoaderConstructor,
  FragmentLoaderContext,
  HlsConfig,
  LoaderCallbacks,
  LoaderConfig,
  LoaderConfiguration,
  RetryConfig,
} from 'hls.js';

/**
 * Riding through faults: a segment that answers 5xx or does not answer in time is tried
 * again at once, a rung lower, while the buffer still plays, instead of hls.js's defaults (10 s for
 * a first byte, then retries 1 s, 2 s, 4 s… apart on the same rung), under which a hung request
 * outlasts the 8 s buffer and a failing rung is retried for half a minute before it is left.
 */

/** No request waits less than this for its first byte (a busy origin still answers a 1 s segment). */
const MIN_FIRST_BYTE_MS = 1000;

/**
 * The longest a segment's request may take: its first byte within one segment duration (the
 * buffer holds several, so a retry still lands before it runs dry), and the whole segment within
 * two (a link slower than that cannot keep up with this rung anyway; hls.js's bandwidth rules
 * move down while bytes still flow). Never more than `ceiling`, the policy's own bounds.
 */
export function segmentLoadBounds(
  durationS: number,
  ceiling: Pick<LoaderConfig, 'maxTimeToFirstByteMs' | 'maxLoadTimeMs'>,
): Pick<LoaderConfig, 'maxTimeToFirstByteMs' | 'maxLoadTimeMs'> {
  const durationMs = Number.isFinite(durationS) && durationS > 0 ? durationS * 1000 : 0;
  const firstByte = Math.max(MIN_FIRST_BYTE_MS, durationMs);
  return {
    maxTimeToFirstByteMs: Math.min(ceiling.maxTimeToFirstByteMs, firstByte),
    maxLoadTimeMs: Math.min(ceiling.maxLoadTimeMs, 2 * firstByte),
  };
}

/** A request that timed out already waited: it goes again at once. */
const TIMEOUT_RETRY: RetryConfig = { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 };
/**
 * A 5xx is retried after 250 ms, 500 ms, 1 s, then every 2 s: six tries within ~8 s (hls.js's
 * defaults wait 31 s), after which the error is fatal and the tile says the connection was lost
 * (tileErrors.ts) and goes on retrying with longer waits.
 */
const ERROR_RETRY: RetryConfig = { maxNumRetry: 6, retryDelayMs: 250, maxRetryDelayMs: 2000 };

/**
 * Segments: the ceilings of `segmentLoadBounds` (4 s for a first byte, 8 s in all: the 8 s buffer's
 * worth), and quick retries. Playlists: a live playlist is reloaded every target duration, and one
 * that hangs for hls.js's 10 s would let a 1.5 s live buffer run dry, so it is bounded too. 4xx are
 * never retried (hls.js's rule): a refused grant is renewed by the tile instead (tileErrors.ts).
 */
export const FRAG_LOAD_POLICY: LoaderConfig = {
  maxTimeToFirstByteMs: 4000,
  maxLoadTimeMs: 8000,
  timeoutRetry: TIMEOUT_RETRY,
  errorRetry: ERROR_RETRY,
};
const PLAYLIST_LOAD_POLICY: LoaderConfig = {
  maxTimeToFirstByteMs: 3000,
  maxLoadTimeMs: 5000,
  timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 },
  errorRetry: { maxNumRetry: 4, retryDelayMs: 250, maxRetryDelayMs: 2000 },
};

/**
 * hls.js's loader for segments (and parts), each request bounded by its segment's duration: hls.js
 * takes one bound for every segment (fragLoadPolicy), and only the loader sees which segment it is.
 */
export function boundedFragmentLoader(Base: HlsConfig['loader']): FragmentLoaderConstructor {
  const Loader = Base as unknown as FragmentLoaderConstructor;
  return class BoundedFragmentLoader extends Loader {
    override load(
      context: FragmentLoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<FragmentLoaderContext>,
    ): void {
      const bounds = segmentLoadBounds(context.frag.duration, config.loadPolicy);
      super.load(
        context,
        { ...config, loadPolicy: { ...config.loadPolicy, ...bounds }, timeout: bounds.maxLoadTimeMs },
        callbacks,
      );
    }
  };
}

/** The hls.js settings that ride through faults, over whatever else the tile sets (hlsConfig.ts). */
export const faultRidingConfig = (loader: HlsConfig['loader']): Partial<HlsConfig> => ({
  fragLoadPolicy: { default: FRAG_LOAD_POLICY },
  playlistLoadPolicy: { default: PLAYLIST_LOAD_POLICY },
  fLoader: boundedFragmentLoader(loader),
});

/** The rung a segment that failed on `level` is tried again on: the one below, if the tile may go lower. */
export const rungAfterFault = (level: number, minAutoLevel: number): number | null =>
  level > minAutoLevel ? level - 1 : null;

type Fault = Pick<ErrorData, 'fatal' | 'details' | 'frag' | 'response'>;
type Details = Pick<typeof Hls.ErrorDetails, 'FRAG_LOAD_ERROR' | 'FRAG_LOAD_TIMEOUT'>;

/** A fault worth a lower rung: the picture's own segment (not a fatal error) answered 5xx or not in time. */
export function isSegmentFault(data: Fault, details: Details): boolean {
  if (data.fatal || !data.frag || `${data.frag.type}` !== 'main') return false;
  if (data.details === details.FRAG_LOAD_TIMEOUT) return true;
  return data.details === details.FRAG_LOAD_ERROR && (data.response?.code ?? 0) >= 500;
}

type RungControls = Pick<Hls, 'autoLevelEnabled' | 'minAutoLevel'> & { nextAutoLevel: number };

/** How often the rung is set again while a retry waits (hls.js's bandwidth watchdog looks every 100 ms). */
const HOLD_EVERY_MS = 50;

/**
 * On a segment fault, hls.js retries the segment (the policy above); this makes the retry come from
 * the rung below, the switch-down hls.js documents for `nextAutoLevel` ("in case of load error on
 * level N, set nextAutoLevel to N-1"): valid for the next segment, after which the bandwidth
 * estimate chooses again. A rung the viewer chose by hand is left alone.
 *
 * hls.js forgets that rung when its bandwidth watchdog next looks at the failed request (within
 * 100 ms), before a 5xx's retry (250 ms on): seen in e2e/player-faults, a 503 at 270p retried at
 * 270p. So the rung is set again every 50 ms until the retry starts loading (`loading`).
 */
export function faultRungDrop(hls: RungControls, details: Details) {
  let timer: ReturnType<typeof setInterval> | undefined;
  const release = () => {
    clearInterval(timer);
    timer = undefined;
  };
  return {
    fault(data: Fault): void {
      if (!hls.autoLevelEnabled || !isSegmentFault(data, details)) return;
      const rung = rungAfterFault(data.frag!.level, hls.minAutoLevel);
      if (rung === null) return;
      release();
      hls.nextAutoLevel = rung;
      timer = setInterval(() => {
        if (hls.nextAutoLevel !== rung) hls.nextAutoLevel = rung;
      }, HOLD_EVERY_MS);
    },
    /** A segment of the picture starts loading (the retry): its rung is chosen, the hold ends. */
    loading(frag: { type: unknown }): void {
      if (`${frag.type}` === 'main') release();
    },
    stop: release,
  };
}

/**
 * Test-only: the e2e control run (e2e/player-faults.e2e.ts) sets this on the page before the player
 * loads, to measure the stall hls.js's defaults let a fault cause. Nothing in the app sets it.
 */
export const hlsDefaultsForTest = () =>
  (globalThis as { __allaccessHlsDefaults?: boolean }).__allaccessHlsDefaults === true;
