import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Calls `run` once the first screen is up and the browser has a quiet moment (an idle callback,
 * or a timeout where there is none, with a cap so it always comes). Returns a cancel function.
 */
export function whenIdle(run: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * False on the server, while the page hydrates and until the browser is idle after it; then true.
 * What the first screen does not need (the install banner, for one) waits for it, so it neither
 * competes with the first paint nor differs between the server's HTML and the hydrated page.
 */
export function useFirstScreenDone(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => whenIdle(() => setDone(true)), []);
  return done;
}

const noSubscription = () => () => {};
/**
 * False on the server and while the page hydrates, true in every render after: for what only the
 * browser can say (its address, its storage), so the hydrated page first matches the server's HTML.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** Like whenIdle, but not before the page's load event (its images and first answers are in). */
export function whenLoadedAndIdle(run: () => void): () => void {
  if (document.readyState === 'complete') return whenIdle(run);
  let cancelIdle = () => {};
  const onLoad = () => {
    cancelIdle = whenIdle(run);
  };
  window.addEventListener('load', onLoad, { once: true });
  return () => {
    window.removeEventListener('load', onLoad);
    cancelIdle();
  };
}
