import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { apiSlice } from './api/apiSlice';
import { appStarted, serverPageLoaded } from './app/appEvents';
import { AppProviders } from './app/AppProviders';
import { registerListeners } from './app/registerListeners';
import { createAppRouter, routes } from './app/router';
import { readServerPage } from './app/serverPage';
import { makeStore } from './app/store';
import { whenIdle, whenLoadedAndIdle } from './components/afterFirstScreen';
import { keepServerAnswersForOffline } from './app/offlineCopies';
import { captureInstallPrompt } from './features/shell/installPrompt';

// The browser may offer installation before React has rendered: catch the offer from the start.
captureInstallPrompt();
registerListeners();
const store = makeStore();
const serverPage = readServerPage();
const root = document.getElementById('root')!;

// Read-only window on the store for browser tests and support (the same data localStorage holds).
Object.defineProperty(window, '__storefront', { value: Object.freeze({ getState: store.getState }) });

export const HYDRATION_MISMATCH_LOG = 'The page did not match the server-rendered HTML';

/** The matched pages' code, loaded before hydrating: the router must not show its fallback over the server's HTML. */
async function loadMatchedPages(): Promise<void> {
  await Promise.all((matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    Object.assign(route, await route.lazy(), { lazy: undefined });
  }));
}

async function start(): Promise<void> {
  // Side effects start only once the persisted values are back in the store (localStorage: at once).
  await new Promise<void>((resolve) => { persistStore(store, null, resolve); });
  if (serverPage) {
    store.dispatch(serverPageLoaded({ guestToken: serverPage.guestToken, api: serverPage.state.api }));
    // The server rendered as a guest: whether a signed-in visitor may watch is asked again as them,
    // once the page is up (its hooks subscribed, so the answer shown is refreshed, not dropped).
    if (store.getState().auth.userId !== null) whenIdle(() => store.dispatch(apiSlice.util.invalidateTags(['Event'])));
  }
  store.dispatch(appStarted());
  const hydrating = serverPage !== null && root.firstElementChild !== null;
  if (hydrating) await loadMatchedPages();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      {/* While hydrating, every selector reads the state the server rendered from; then this browser's own. */}
      <AppProviders store={store} serverState={serverPage?.state}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A transition hydrates in slices, so no single task blocks the page's first input.
  // A page that does not match the server's HTML is rendered afresh; say so, for tests and support.
  const onRecoverableError = (error: unknown) => console.error(`${HYDRATION_MISMATCH_LOG}: ${error instanceof Error ? error.message : String(error)}`);
  if (hydrating) startTransition(() => { hydrateRoot(root, app, { onRecoverableError }); });
  else createRoot(root).render(app);
  if (hydrating) whenLoadedAndIdle(() => keepServerAnswersForOffline(store.dispatch, serverPage.state.api.queries));
  // The service worker (and workbox-window) is not part of the first screen.
  whenIdle(() => { void import(/* webpackChunkName: "service-worker" */ './app/serviceWorker').then((m) => m.registerServiceWorker(router)); });
}

void start();
