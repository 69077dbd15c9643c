import { useEffect } from 'react';
import { focusNewestToast } from './toastFocus';

/** docs/behaviour.md §9 hotkey Alt+T (matched on the key's position, so it works on every keyboard layout). */
const isToastHotkey = (event: KeyboardEvent) =>
  event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT';

/** Alt+T moves keyboard focus to the newest toast on screen, so its text and close button are reachable. */
export function ToastHotkey() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return;
      if (focusNewestToast()) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return null;
}
