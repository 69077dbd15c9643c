import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from '../../../../shared/constants';

/** Milliseconds until `target`, refreshed every second while in the future; 0 once it has come. */
export function useCountdown(target: string | null | undefined): number {
  const at = target ? Date.parse(target) : NaN;
  const left = () => (Number.isNaN(at) ? 0 : Math.max(0, at - Date.now()));
  const [ms, setMs] = useState(left);
  useEffect(() => {
    setMs(left());
    if (Number.isNaN(at) || at <= Date.now()) return undefined;
    const timer = setInterval(() => {
      const next = left();
      setMs(next);
      if (next === 0) clearInterval(timer);
    }, COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at]);
  return ms;
}
