import { appStarted, appStopped, connectivityChanged } from './appEvents';
import type { AppStartListening } from './listenerTypes';

/** What a call that needs the network answers while offline (shown where the server's message would be). */
export const OFFLINE_ACTION_MESSAGE = "You're offline. This needs a connection: try again when you're back online.";

/** Follows the browser's online state into the store from the start until the app stops. */
export function addConnectivityListener(startListening: AppStartListening) {
  return startListening({
    actionCreator: appStarted,
    effect: async (_action, api) => {
      const report = () => api.dispatch(connectivityChanged({ online: navigator.onLine }));
      report();
      window.addEventListener('online', report);
      window.addEventListener('offline', report);
      try {
        await api.take(appStopped.match);
      } finally {
        window.removeEventListener('online', report);
        window.removeEventListener('offline', report);
      }
    },
  });
}
