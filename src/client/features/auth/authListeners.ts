import { isAnyOf } from '@reduxjs/toolkit';
import { obtainGuestToken } from '../../api/guestToken';
import { appStarted, storageChangedInAnotherTab } from '../../lib/appEvents';
import type { AppStartListening } from '../../lib/listenerTypes';
import { guestTokenExpired, guestTokenRetryRequested } from './authEvents';
import { sessionExpired } from '../../lib/sessionEvents';
import { hasExpired } from './tokenClaims';

/**
 * The shell needs a guest token before anything else: fetch one at start when none is stored or the
 * stored one has run out (its `exp`), when the visitor retries after a failure, or when another tab
 * removed it. The request is shared with the base query's 401 rule, so only one is ever out. A
 * session token that has run out ends the session here as its first 401 would, instead of letting
 * the page's first calls fail with it.
 */
export function addAuthListeners(startListening: AppStartListening) {
  return startListening({
    matcher: isAnyOf(appStarted, guestTokenRetryRequested, storageChangedInAnotherTab),
    effect: async (_action, api) => {
      const { userId, userToken } = api.getState().auth;
      if (userId !== null && userToken && hasExpired(userToken)) api.dispatch(sessionExpired());
      const guestToken = api.getState().auth.authToken;
      if (guestToken && !hasExpired(guestToken)) return;
      if (guestToken) api.dispatch(guestTokenExpired());
      await obtainGuestToken(api);
    },
  });
}
