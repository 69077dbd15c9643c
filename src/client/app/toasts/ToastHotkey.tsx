import { useEffect } from 'react';

/** Spec §9 hotkey Alt+T (matched on the key's position, so it works on every keyboard layout). */
const isToastHotkey = (event: KeyboardEvent) => event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT';

/** Alt+T moves keyboard focus to the newest toast on screen, so its text and close button are reachable. */
export function ToastHotkey() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      const toasts = document.querySelectorAll<HTMLElement>('[data-toast]');
      const newest = toasts[toasts.length - 1];
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}
