import { appStarted, appStopped, storageChangedInAnotherTab } from '../lib/appEvents';
import type { AppStartListening } from '../lib/listenerTypes';
import { authPersistedFields } from '../features/auth/authSlice';
import { cartPersistedFields } from '../features/cart/cartSlice';
import { uiPersistedFields } from '../features/shell/uiSlice';

/** Every localStorage name the store persists; a change to any of them in another tab is replayed here. */
const PERSISTED_NAMES = new Set(
  [authPersistedFields, cartPersistedFields, uiPersistedFields].flatMap((fields) =>
    Object.values(fields).map((f) => (f as { name: string }).name),
  ),
);

export function addCrossTabSyncListener(startListening: AppStartListening) {
  return startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      const onStorage = (event: StorageEvent) => {
        if (event.storageArea !== window.localStorage) return;
        if (event.key !== null && !PERSISTED_NAMES.has(event.key)) return;
        api.dispatch(storageChangedInAnotherTab({ key: event.key, newValue: event.newValue }));
      };
      window.addEventListener('storage', onStorage);
      try {
        await api.take(appStopped.match);
      } finally {
        window.removeEventListener('storage', onStorage);
      }
    },
  });
}
