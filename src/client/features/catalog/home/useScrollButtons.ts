import { useCallback, useEffect, useState, type RefObject } from 'react';
import { SCROLL_STEP_RATIO } from '../../../../shared/constants';

/**
 * Which scroll buttons a horizontal row needs (only where there is more to scroll), and a scroll by
 * one step: 80 % of the visible width (docs/behaviour.md §2 "Home"). Follows scrolling, resizing and content changes.
 */
export function useScrollButtons(ref: RefObject<HTMLElement | null>) {
  const [canScroll, setCanScroll] = useState({ left: false, right: false });

  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setCanScroll((prev) => (prev.left === left && prev.right === right ? prev : { left, right }));
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);

  const scrollByStep = useCallback(
    (direction: -1 | 1) => {
      const el = ref.current;
      if (!el) return;
      el.scrollBy({ left: direction * el.clientWidth * SCROLL_STEP_RATIO, behavior: 'smooth' });
    },
    [ref],
  );

  return { canScroll, scrollByStep, measure };
}
