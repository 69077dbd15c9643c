import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../../../../shared/constants';

/** Milliseconds until `target`, refreshed every second while in the future; 0 once it has come. */
export function useCountdown(target: string | null | undefined): number {
  const at = target ? Date.parse(target) : NaN;
  const [now, setNow] = useState(() => Date.now());
  const running = !Number.isNaN(at) && at > now;
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
