import { isAnyOf } from '@reduxjs/toolkit';
import { appStarted, storageChangedInAnotherTab } from '../../app/appEvents';
import type { AppStartListening } from '../../app/listeners';
import { authApi } from './authApi';
import { guestTokenFetchFailed, guestTokenReceived, guestTokenRetryRequested } from './authEvents';

/**
 * The shell needs a guest token before anything else: fetch one at start when none is stored, when
 * the visitor retries after a failure, or when another tab removed it.
 */
export function addAuthListeners(startListening: AppStartListening) {
  return startListening({
    matcher: isAnyOf(appStarted, guestTokenRetryRequested, storageChangedInAnotherTab),
    effect: async (_action, api) => {
      if (api.getState().auth.authToken) return;
      api.cancelActiveListeners();
      const request = api.dispatch(authApi.endpoints.issueGuestToken.initiate(undefined, { track: false }));
      try {
        api.dispatch(guestTokenReceived(await request.unwrap()));
      } catch (err) {
        const message = typeof err === 'object' && err !== null && 'status' in err ? `HTTP ${String(err.status)}` : 'network error';
        api.dispatch(guestTokenFetchFailed(message));
      }
    },
  });
}
