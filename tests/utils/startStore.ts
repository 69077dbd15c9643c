import { persistStore } from 'redux-persist';
import { appStarted } from '../../src/client/lib/appEvents';
import { registerListeners } from '../../src/client/app/registerListeners';
import { makeStore, type AppStore } from '../../src/client/app/store';

/** A store wired as in main.tsx: rehydrated from localStorage, listeners started. */
export async function startStore(): Promise<AppStore> {
  registerListeners();
  const store = makeStore();
  await new Promise<void>((resolve) => persistStore(store, null, resolve));
  store.dispatch(appStarted());
  return store;
}
