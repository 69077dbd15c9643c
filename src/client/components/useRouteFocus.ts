import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/** Marks the element this hook focused, so the theme draws the focus ring on it (app/theme.ts). */
export const ROUTE_FOCUS_ATTRIBUTE = 'data-route-focus';

/** Rendered (not display:none, as an old page's content hidden while the new one loads). */
const shown = (el: Element) =>
  // Safari before 17.4 and jsdom have no checkVisibility: there an element is taken as shown.
  typeof el.checkVisibility === 'function' ? el.checkVisibility() : true;

/** Focuses `target`, focusable for as long as it has focus (a click on its text must not focus it later). */
function focusFor(target: HTMLElement) {
  const added = !target.hasAttribute('tabindex');
  if (added) target.setAttribute('tabindex', '-1');
  target.setAttribute(ROUTE_FOCUS_ATTRIBUTE, '');
  target.addEventListener(
    'blur',
    () => {
      if (added) target.removeAttribute('tabindex');
      target.removeAttribute(ROUTE_FOCUS_ATTRIBUTE);
    },
    { once: true },
  );
  // The address's own scroll (to the top, or back where it was) is ScrollRestoration's.
  target.focus({ preventScroll: true });
}

/**
 * After the app moves to another address, focus goes to the new page's main heading (the first
 * visible h1 in `main`), as a full page load would start a keyboard or screen reader user at the
 * top of the new content; to `main` itself until that heading shows, or on a page without one.
 * Without it, the link or button that navigated unmounts with the old page and leaves focus on
 * <body>, or a header link keeps it while the page changes under it.
 *
 * Focus is moved only while nobody else has placed it: it is on <body>, outside `main` (the header,
 * the mobile menu, a toast) or on an old page's element that is no longer shown; not when the new
 * page put it in its content itself (a field, the player's 'Watch here instead') or a dialog holds
 * it. It is kept on the heading until the user (a focus change, a pointer) or the page moves it,
 * or the address changes again. The first page is the browser's.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const lastPath = useRef<string | null>(null);

  useEffect(() => {
    const first = lastPath.current === null;
    if (lastPath.current === pathname) return;
    lastPath.current = pathname;
    const root = main.current;
    if (first || !root) return;

    // What this hook focused: `main`, and each heading (a page can swap its heading for another as it
    // loads, as the player does: focus then goes to the new one instead of falling to <body>).
    const ours = new Set<Element>([root]);
    const placedByOthers = () => {
      const active = document.activeElement as HTMLElement | null;
      if (!active || active === document.body || ours.has(active) || !active.isConnected) return false;
      if (active.closest('[role="dialog"], [role="alertdialog"]')) return true;
      return root.contains(active) && shown(active);
    };
    const heading = () => Array.from(root.querySelectorAll<HTMLElement>('h1')).find(shown) ?? null;
    /** Puts focus on the heading (or `main` until there is one); true once someone else has placed it. */
    const moveFocus = () => {
      if (placedByOthers()) return true;
      const target = heading() ?? root;
      if (document.activeElement !== target) {
        ours.add(target);
        focusFor(target);
      }
      return false;
    };
    if (moveFocus()) return;

    // Watched until the user or the page moves focus, or the next address.
    const observer = new MutationObserver(() => {
      if (moveFocus()) stop();
    });
    const moved = (e: FocusEvent) => {
      if (!ours.has(e.target as Element)) stop();
    };
    const stop = () => {
      observer.disconnect();
      document.removeEventListener('focusin', moved, true);
      document.removeEventListener('pointerdown', stop, true);
    };
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
    document.addEventListener('focusin', moved, true);
    document.addEventListener('pointerdown', stop, true);
    return stop;
  }, [pathname, main]);
}
