import { persistStore } from 'redux-persist';
import { apiSlice } from '../api/apiSlice';
import { whenIdle } from '../components/afterFirstScreen';
import { appStarted, serverPageLoaded } from '../lib/appEvents';
import { registerListeners } from './registerListeners';
import type { ServerPage } from './serverPage';
import { makeStore, type AppStore } from './store';

/**
 * The first step of start-up: the store with every feature's listeners, rehydrated from
 * localStorage, given the server's answers and guest token when the page came with them, then
 * told the app has started (side effects begin only once the persisted values are back).
 */
export async function startStore(serverPage: ServerPage | null): Promise<AppStore> {
  registerListeners();
  const store = makeStore();
  // Read-only window on the store for browser tests and support (the same data localStorage holds).
  Object.defineProperty(window, '__storefront', { value: Object.freeze({ getState: store.getState }) });
  await new Promise<void>((resolve) => {
    persistStore(store, null, resolve);
  });
  if (serverPage) {
    store.dispatch(serverPageLoaded({ guestToken: serverPage.guestToken, api: serverPage.state.api }));
    // The server rendered as a guest: whether a signed-in visitor may watch is asked again as them,
    // once the page is up (its hooks subscribed, so the answer shown is refreshed, not dropped).
    if (store.getState().auth.userId !== null) whenIdle(() => store.dispatch(apiSlice.util.invalidateTags(['Event'])));
  }
  store.dispatch(appStarted());
  return store;
}
