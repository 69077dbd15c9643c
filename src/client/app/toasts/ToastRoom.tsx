import { useEffect, useRef, type ReactNode } from 'react';
import { reserveBottomRoom } from '../../lib/bottomRoom';

/** How far the stack reaches up from the window's bottom edge (it is fixed there), plus a little air. */
export function roomFor(stack: Element | null, windowHeight: number): number {
  if (!stack || stack.childElementCount === 0) return 0;
  // A stack with no height takes no room (jsdom lays nothing out: every box is 0 × 0 at 0, 0).
  const { top, height } = stack.getBoundingClientRect();
  return height > 0 && top < windowHeight ? Math.ceil(windowHeight - top) + 8 : 0;
}

/** A keyboard user's focused control that the toasts now cover. */
function focusedUnder(room: number): HTMLElement | null {
  const el = document.activeElement;
  if (
    !(el instanceof HTMLElement) ||
    el === document.body ||
    el.closest('[data-toast]') ||
    !el.matches(':focus-visible')
  )
    return null;
  const { bottom, height } = el.getBoundingClientRect();
  // A region taller than the room above the toasts (`main`, focused on a new page) cannot be scrolled
  // clear: scrolling it into view would only jump the page.
  return bottom > window.innerHeight - room && height < window.innerHeight - room ? el : null;
}

/**
 * Keeps keyboard focus out from under the toasts (WCAG 2.4.11, focus not obscured). While toasts
 * show, their height is the page's to keep clear (lib/bottomRoom; app/PageEndRoom makes it scroll
 * padding, and the band under the footer once the view reaches it). A focused control that a new
 * toast covers is scrolled clear as the toast comes. `children` is notistack's provider: the stack is
 * the element it adds here while toasts show.
 */
export function ToastRoom({ stackClass, children }: { stackClass: string; children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let stack: Element | null = null;
    const update = () => {
      const room = roomFor(stack, window.innerHeight);
      reserveBottomRoom('toasts', room);
      if (room > 0) focusedUnder(room)?.scrollIntoView({ block: 'nearest' });
    };
    // jsdom (the unit tests) has no ResizeObserver: there the room follows the toasts coming and going only.
    const sizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    const follow = () => {
      const found = host.current?.querySelector(`.${stackClass}`) ?? null;
      if (found !== stack) {
        if (stack) sizes?.unobserve(stack);
        stack = found;
        if (stack) sizes?.observe(stack);
      }
      update();
    };
    // notistack adds the stack when the first toast comes and removes it after the last one.
    const added = new MutationObserver(follow);
    if (host.current) added.observe(host.current, { childList: true, subtree: true });
    follow();
    return () => {
      added.disconnect();
      sizes?.disconnect();
      reserveBottomRoom('toasts', 0);
    };
  }, [stackClass]);
  return (
    <div ref={host} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
