import { useCallback, useEffect, useState } from 'react';
import { RESEND_COUNTDOWN_S } from '../../../../shared/constants';

/** Seconds until a new code may be asked for (60 after each send), ticking down once a second. */
export function useResendCountdown() {
  const [left, setLeft] = useState(RESEND_COUNTDOWN_S);
  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const restart = useCallback(() => setLeft(RESEND_COUNTDOWN_S), []);
  return { left, restart };
}
