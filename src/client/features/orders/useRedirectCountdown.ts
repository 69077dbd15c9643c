import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COUNTDOWN_TICK_MS } from '../../../shared/constants';

/** Counts down from `seconds` once a second, then goes to `to` (docs/behaviour.md §2 "Order confirmation"). */
export function useRedirectCountdown(seconds: number, to: string): number {
  const [left, setLeft] = useState(seconds);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) void navigate(to, { replace: true });
  }, [left, to, navigate]);
  return left;
}
