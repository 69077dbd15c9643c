import GlobalStyles from '@mui/material/GlobalStyles';
import { useEffect, useRef, type ReactNode } from 'react';

/** The height the toasts take at the bottom of the window, in px; 0 when none shows. */
const TOAST_ROOM_VAR = '--toast-room';

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
  return el.getBoundingClientRect().bottom > window.innerHeight - room ? el : null;
}

/**
 * Keeps keyboard focus out from under the toasts (WCAG 2.4.11, focus not obscured). While toasts
 * show, the page reserves their height at its bottom: as scroll padding, so the browser scrolls a
 * control that takes focus clear of them, and as padding under the page, so its last links can
 * scroll that far. A focused control that a new toast covers is scrolled clear as the toast comes.
 * `children` is notistack's provider: the stack is the element it adds here while toasts show.
 */
export function ToastRoom({ stackClass, children }: { stackClass: string; children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = document.documentElement;
    let stack: Element | null = null;
    const update = () => {
      const room = roomFor(stack, window.innerHeight);
      root.style.setProperty(TOAST_ROOM_VAR, `${room}px`);
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
      root.style.removeProperty(TOAST_ROOM_VAR);
    };
  }, [stackClass]);
  return (
    <>
      <GlobalStyles
        styles={{
          html: { scrollPaddingBottom: `var(${TOAST_ROOM_VAR}, 0px)` },
          body: { paddingBottom: `var(${TOAST_ROOM_VAR}, 0px)` },
        }}
      />
      <div ref={host} style={{ display: 'contents' }}>
        {children}
      </div>
    </>
  );
}
