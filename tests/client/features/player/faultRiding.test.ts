import {
  FRAG_LOAD_POLICY,
  boundedFragmentLoader,
  faultRungDrop,
  isSegmentFault,
  rungAfterFault,
  segmentLoadBounds,
} from '../../../../src/client/features/player/faultRiding';

/** The pure parts of riding through faults: each segment's time bound, and the rung a retry drops to. */

const DETAILS = { FRAG_LOAD_ERROR: 'fragLoadError', FRAG_LOAD_TIMEOUT: 'fragLoadTimeOut' } as never;
const ceiling = {
  maxTimeToFirstByteMs: FRAG_LOAD_POLICY.maxTimeToFirstByteMs,
  maxLoadTimeMs: FRAG_LOAD_POLICY.maxLoadTimeMs,
};

describe('segmentLoadBounds', () => {
  it.each([
    // [segment seconds, first byte ms, whole segment ms]
    [2, 2000, 4000], // the catalog's streams: one segment for a first byte, two for the whole
    [1, 1000, 2000], // an encoder's live segments
    [0.5, 1000, 2000], // never under a second for a first byte
    [6, 4000, 8000], // long segments: the policy's ceilings (the 8 s buffer)
    [0, 1000, 2000], // a segment of unknown length
    [Number.NaN, 1000, 2000],
  ])('a %s s segment: first byte within %i ms, all of it within %i ms', (duration, firstByte, whole) => {
    expect(segmentLoadBounds(duration, ceiling)).toEqual({ maxTimeToFirstByteMs: firstByte, maxLoadTimeMs: whole });
  });

  it('is far below hls.js’s defaults (10 s for a first byte, 120 s in all) and retries quickly', () => {
    expect(segmentLoadBounds(2, ceiling).maxTimeToFirstByteMs).toBeLessThan(10_000 / 4);
    expect(FRAG_LOAD_POLICY.timeoutRetry).toMatchObject({ retryDelayMs: 0 });
    expect(FRAG_LOAD_POLICY.errorRetry!.retryDelayMs).toBeLessThanOrEqual(250);
    expect(FRAG_LOAD_POLICY.errorRetry!.maxRetryDelayMs).toBeLessThanOrEqual(2000);
  });
});

describe('boundedFragmentLoader', () => {
  it('hands the base loader the bounds of the segment it loads, the rest of the config untouched', () => {
    const seen: unknown[] = [];
    class Base {
      load(context: unknown, config: unknown) {
        seen.push(config);
      }
    }
    const Loader = boundedFragmentLoader(Base as never);
    const loader = new Loader({} as never);
    const config = { loadPolicy: { ...FRAG_LOAD_POLICY }, timeout: 8000, maxRetry: 0, retryDelay: 0, maxRetryDelay: 0 };
    loader.load({ frag: { duration: 2 } } as never, config as never, {} as never);
    expect(seen).toEqual([
      {
        ...config,
        loadPolicy: { ...FRAG_LOAD_POLICY, maxTimeToFirstByteMs: 2000, maxLoadTimeMs: 4000 },
        timeout: 4000,
      },
    ]);
    expect(config.loadPolicy.maxTimeToFirstByteMs).toBe(4000);
  });
});

describe('the rung a faulted segment is retried on', () => {
  it('is the one below, never under the lowest the tile may use', () => {
    expect(rungAfterFault(3, 0)).toBe(2);
    expect(rungAfterFault(1, 0)).toBe(0);
    expect(rungAfterFault(0, 0)).toBeNull();
    expect(rungAfterFault(2, 2)).toBeNull();
  });

  const frag = { type: 'main', level: 2 };
  it.each([
    ['a 503', { details: 'fragLoadError', response: { code: 503 } }, true],
    ['a 500', { details: 'fragLoadError', response: { code: 500 } }, true],
    ['a timeout', { details: 'fragLoadTimeOut' }, true],
    ['a 403 (renewed by the tile instead)', { details: 'fragLoadError', response: { code: 403 } }, false],
    ['a 404', { details: 'fragLoadError', response: { code: 404 } }, false],
    ['a fatal error (tileErrors.ts)', { details: 'fragLoadTimeOut', fatal: true }, false],
    ['an audio segment', { details: 'fragLoadTimeOut', frag: { type: 'audio', level: 2 } }, false],
    ['a playlist', { details: 'levelLoadTimeOut' }, false],
  ])('%s → a rung lower: %s', (_what, data, drops) => {
    const fault = { fatal: false, frag, ...data } as never;
    expect(isSegmentFault(fault, DETAILS)).toBe(drops);
    const hls = { autoLevelEnabled: true, minAutoLevel: 0, nextAutoLevel: -1 };
    const drop = faultRungDrop(hls, DETAILS);
    drop.fault(fault);
    drop.stop();
    expect(hls.nextAutoLevel).toBe(drops ? 1 : -1);
  });

  it('leaves a rung the viewer chose by hand', () => {
    const hls = { autoLevelEnabled: false, minAutoLevel: 0, nextAutoLevel: -1 };
    faultRungDrop(hls, DETAILS).fault({ fatal: false, frag, details: 'fragLoadTimeOut' } as never);
    expect(hls.nextAutoLevel).toBe(-1);
  });

  describe('held until the retry starts loading', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('set again after hls.js’s bandwidth watchdog forgets it, and no longer once the retry loads', () => {
      const hls = { autoLevelEnabled: true, minAutoLevel: 0, nextAutoLevel: -1 };
      const drop = faultRungDrop(hls, DETAILS);
      drop.fault({ fatal: false, frag, details: 'fragLoadError', response: { code: 503 } } as never);
      expect(hls.nextAutoLevel).toBe(1);
      // The watchdog looks at the failed request (within 100 ms) and resets the forced rung.
      jest.advanceTimersByTime(100);
      hls.nextAutoLevel = -1;
      // The 503's retry comes 250 ms after it: by then the rung is set again.
      jest.advanceTimersByTime(150);
      expect(hls.nextAutoLevel).toBe(1);
      drop.loading({ type: 'main' });
      hls.nextAutoLevel = -1;
      jest.advanceTimersByTime(1000);
      expect(hls.nextAutoLevel).toBe(-1);
      expect(jest.getTimerCount()).toBe(0);
    });

    it('an audio segment loading does not end the hold; stop does', () => {
      const hls = { autoLevelEnabled: true, minAutoLevel: 0, nextAutoLevel: -1 };
      const drop = faultRungDrop(hls, DETAILS);
      drop.fault({ fatal: false, frag, details: 'fragLoadTimeOut' } as never);
      drop.loading({ type: 'audio' });
      expect(jest.getTimerCount()).toBe(1);
      drop.stop();
      expect(jest.getTimerCount()).toBe(0);
    });
  });
});
