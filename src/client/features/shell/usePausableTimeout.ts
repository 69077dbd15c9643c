import { useCallback, useEffect, useRef } from 'react';

/**
 * Calls `onTimeout` after `ms` of running time while `active`; `pause`/`resume` stop and restart the
 * clock (hover or keyboard focus on the banner: WCAG 2.2.1 gives people time to read and act).
 * While not `active` there is no clock at all: `resume` starts nothing.
 */
export function usePausableTimeout(active: boolean, ms: number, onTimeout: () => void) {
  const remaining = useRef(ms);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const running = useRef(false);
  const callback = useRef(onTimeout);
  useEffect(() => {
    callback.current = onTimeout;
  });

  const pause = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    remaining.current -= Date.now() - startedAt.current;
  }, []);
  const resume = useCallback(() => {
    if (timer.current !== null || !running.current) return;
    startedAt.current = Date.now();
    timer.current = setTimeout(() => callback.current(), Math.max(0, remaining.current));
  }, []);

  useEffect(() => {
    if (!active) return undefined;
    running.current = true;
    remaining.current = ms;
    resume();
    return () => {
      running.current = false;
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [active, ms, resume]);

  return { pause, resume };
}
