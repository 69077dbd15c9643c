import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * True while the element scrolls and until `hideDelayMs` after its last scroll event (docs/behaviour.md §9
 * "scroll-area hide delay 600 ms"): each scroll restarts the clock. The timer goes with the element.
 */
export function useScrollingFlag(ref: RefObject<HTMLElement | null>, hideDelayMs: number): boolean {
  const [scrolling, setScrolling] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const onScroll = () => {
      setScrolling(true);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        setScrolling(false);
      }, hideDelayMs);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [ref, hideDelayMs]);

  return scrolling;
}
