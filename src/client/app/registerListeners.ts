import { addAuthListeners } from '../features/auth/authListeners';
import { addSessionListeners } from '../features/auth/sessionListeners';
import { addCartListeners } from '../features/cart/cartListeners';
import { addProfileListeners } from '../features/profile/profileListeners';
import { addShellListeners } from '../features/shell/shellListeners';
import { addSupportCartListeners } from '../features/cart/supportCartListeners';
import { addConnectivityListener } from '../lib/connectivity';
import { addCrossTabSyncListener } from './crossTabSync';
import { startAppListening } from './listenerMiddleware';

let registered = false;

/** Registers every feature's side effects once; returns nothing to undo (tests dispatch appStopped). */
export function registerListeners(): void {
  if (registered) return;
  registered = true;
  addCrossTabSyncListener(startAppListening);
  addConnectivityListener(startAppListening);
  addCartListeners(startAppListening);
  addAuthListeners(startAppListening);
  addShellListeners(startAppListening);
  addSessionListeners(startAppListening);
  addProfileListeners(startAppListening);
  addSupportCartListeners(startAppListening);
}
