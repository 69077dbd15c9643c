import { toast } from '../lib/toast';
import { Workbox } from 'workbox-window';
import { SERVICE_WORKER } from '../../shared/constants';

/** The offline-ready notification's words (docs/behaviour.md §4) are ours: the usual ones for that event. */
export const OFFLINE_READY_MESSAGE = 'Content is cached for offline use.';
/** Routes where swapping the build would interrupt the visitor: paying, its outcome, watching. */
const BUSY_ROUTES = [/^\/checkout\/?$/, /^\/order-confirmation\//, /^\/player\//];
const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;

type RouterLike = {
  state: { location: { pathname: string } };
  subscribe: (fn: (state: { location: { pathname: string } }) => void) => () => void;
};
export type ServiceWorkerHooks = {
  /** Whether a worker controlled this page when it loaded (then a change of controller is an update). */
  controlledAtLoad: boolean;
  alert: (message: string) => void;
  reload: () => void;
  notify: (message: string) => void;
};
const browserHooks = (): ServiceWorkerHooks => ({
  controlledAtLoad: navigator.serviceWorker.controller !== null,
  alert: (message) => window.alert(message),
  reload: () => window.location.reload(),
  notify: (message) => toast.info(message),
});

/**
 * docs/behaviour.md §4 service worker: registered at '/sw.js' with scope '/'. On first install the page is told it
 * works offline; when an updated worker takes over, the alert 'New content available — updating...'
 * and exactly one reload (the old build's chunks are gone from the new caches). An update found during
 * a payment or on the player waits until the visitor leaves that screen, as does the offline-ready toast.
 */
export function startServiceWorker(wb: Workbox, router: RouterLike, hooks: ServiceWorkerHooks = browserHooks()): void {
  let reloading = false;
  let controlled = hooks.controlledAtLoad;
  const busy = (pathname: string) => BUSY_ROUTES.some((r) => r.test(pathname));
  /** Runs `fn` now, or once the visitor has left a payment or player screen. */
  const whenNotBusy = (fn: () => void) => {
    if (!busy(router.state.location.pathname)) return fn();
    const stop = router.subscribe((state) => {
      if (busy(state.location.pathname)) return;
      stop();
      fn();
    });
  };

  wb.addEventListener('activated', (event) => {
    // Not over the card form or the player's controls: the toast waits for the next screen.
    if (!event.isUpdate && !event.isExternal) whenNotBusy(() => hooks.notify(OFFLINE_READY_MESSAGE));
  });
  let skipRequested = false;
  wb.addEventListener('waiting', () => {
    if (skipRequested) return;
    skipRequested = true;
    whenNotBusy(() => wb.messageSkipWaiting());
  });
  // workbox-window's isUpdate only says whether a worker controlled the page at registration: an update
  // found later in a first visit would not count. Any change of controller after the first is an update.
  wb.addEventListener('controlling', () => {
    // The first install takes control too (clientsClaim): that one is not an update.
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    hooks.alert(SERVICE_WORKER.updateAlert);
    hooks.reload();
  });

  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < UPDATE_CHECK_EVERY_MS) return;
    lastCheck = Date.now();
    void wb.update();
  });
  void wb.register();
}

/** Production builds only (development serves no sw.js unless built with BUILD_SW=true). */
export function registerServiceWorker(router: RouterLike): void {
  if (process.env.NODE_ENV !== 'production' && process.env.BUILD_SW !== 'true') return;
  if (!('serviceWorker' in navigator)) return;
  startServiceWorker(new Workbox(SERVICE_WORKER.url, { scope: SERVICE_WORKER.scope }), router);
}
