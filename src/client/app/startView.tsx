import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider } from 'react-router-dom';
import { whenIdle, whenLoadedAndIdle } from '../components/afterFirstScreen';
import { AppProviders } from './AppProviders';
import { nextTask } from './nextTask';
import { keepServerAnswersForOffline } from './offlineCopies';
import { createAppRouter, routes } from './router';
import type { ServerPage } from './serverPage';
import type { AppStore } from './store';

const HYDRATION_MISMATCH_LOG = 'The page did not match the server-rendered HTML';

/** The matched pages' code, loaded before hydrating: the router must not show its fallback over the server's HTML. */
async function loadMatchedPages(): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * The second step of start-up: the router and the React tree, hydrating the server's HTML when the
 * page came with it (else rendering afresh), then what the first screen does not need, at idle.
 */
export async function startView(store: AppStore, serverPage: ServerPage | null): Promise<void> {
  const root = document.getElementById('root')!;
  const hydrating = serverPage !== null && root.firstElementChild !== null;
  if (hydrating) {
    await loadMatchedPages();
    // The pages' modules have just run: let the browser breathe before React starts.
    await nextTask();
  }
  const router = createAppRouter();
  const app = (
    <StrictMode>
      {/* While hydrating, every selector reads the state the server rendered from; then this browser's own. */}
      <AppProviders store={store} serverState={serverPage?.state}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // A transition hydrates (or renders) in slices, so no single task blocks the page's first input.
  // A page that does not match the server's HTML is rendered afresh; say so, for tests and support.
  const onRecoverableError = (error: unknown) =>
    console.error(`${HYDRATION_MISMATCH_LOG}: ${error instanceof Error ? error.message : String(error)}`);
  if (hydrating)
    startTransition(() => {
      hydrateRoot(root, app, { onRecoverableError });
    });
  else {
    const fresh = createRoot(root);
    startTransition(() => fresh.render(app));
  }
  if (hydrating) whenLoadedAndIdle(() => keepServerAnswersForOffline(store.dispatch, serverPage.state.api.queries));
  // The service worker (and workbox-window) is not part of the first screen.
  whenIdle(() => {
    void import(/* webpackChunkName: "service-worker" */ './serviceWorker').then((m) =>
      m.registerServiceWorker(router),
    );
  });
}
