import { useCallback, useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
};
const isFullscreen = () => document.fullscreenElement != null;

/**
 * Full screen for the player's root (Fullscreen API). `supported` is false where the API is missing
 * (iPhone Safari): the button is not offered there.
 */
export function useFullscreen(root: HTMLElement | null) {
  const active = useSyncExternalStore(subscribe, isFullscreen, () => false);
  const supported = document.fullscreenEnabled === true;
  const toggle = useCallback(() => {
    if (!root || !document.fullscreenEnabled) return;
    const request = document.fullscreenElement ? document.exitFullscreen() : root.requestFullscreen();
    request.catch((err: unknown) => console.warn('Full screen refused', err));
  }, [root]);
  return { active, supported, toggle };
}
