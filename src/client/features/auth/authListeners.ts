import { isAnyOf } from '@reduxjs/toolkit';
import { obtainGuestToken } from '../../api/guestToken';
import { appStarted, storageChangedInAnotherTab } from '../../app/appEvents';
import type { AppStartListening } from '../../app/listeners';
import { guestTokenRetryRequested } from './authEvents';

/**
 * The shell needs a guest token before anything else: fetch one at start when none is stored, when
 * the visitor retries after a failure, or when another tab removed it. The request is shared with
 * the base query's 401 rule, so only one is ever out.
 */
export function addAuthListeners(startListening: AppStartListening) {
  return startListening({
    matcher: isAnyOf(appStarted, guestTokenRetryRequested, storageChangedInAnotherTab),
    effect: async (_action, api) => {
      if (api.getState().auth.authToken) return;
      await obtainGuestToken(api);
    },
  });
}
