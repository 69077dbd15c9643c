/**
 * Keyboard focus and the toasts: Alt+T remembers where focus was before moving it to the newest
 * toast; a focused toast that closes hands focus to the next newest one, or back to where it was,
 * never to the page's body.
 */
let returnTo: HTMLElement | null = null;

/** Toasts still on screen: one dismissed stays in the document while it slides out. */
const toastsOnScreen = () => Array.from(document.querySelectorAll<HTMLElement>('[data-toast]:not([data-closing])'));

export function focusNewestToast(): boolean {
  const newest = toastsOnScreen().at(-1);
  if (!newest) return false;
  if (!newest.contains(document.activeElement) && !document.activeElement?.closest('[data-toast]')) {
    returnTo =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body
        ? document.activeElement
        : null;
  }
  newest.focus();
  return true;
}

/** Called as `toast` closes: if it holds focus, focus moves on before the element goes. */
export function handOnFocus(toast: HTMLElement | null): void {
  toast?.setAttribute('data-closing', '');
  if (!toast?.contains(document.activeElement)) return;
  const next = toastsOnScreen()
    .filter((t) => t !== toast)
    .at(-1);
  if (next) return next.focus();
  if (returnTo?.isConnected) returnTo.focus();
  returnTo = null;
}
