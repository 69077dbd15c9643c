import { isAnyOf } from '@reduxjs/toolkit';
import { toast } from '../../lib/toast';
import { apiSlice } from '../../api/apiSlice';
import type { AppStartListening } from '../../lib/listenerTypes';
import { userSignedIn, userSignedOut } from './authEvents';
import { sessionExpired } from '../../lib/sessionEvents';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export function addSessionListeners(startListening: AppStartListening) {
  // The one place that runs after every sign-in and sign-out. Answers cached for the previous
  // identity are dropped (the spec's page reload). The guest cart merge is the cart's own listener;
  // the display name a session token lacks is the profile's (features/profile/profileListeners.ts).
  const unsubscribeSession = startListening({
    matcher: isAnyOf(userSignedIn, userSignedOut, sessionExpired),
    effect: (_action, api) => {
      api.dispatch(apiSlice.util.resetApiState());
    },
  });

  // Said once per ended session: the base query dispatches sessionExpired once however many calls fail.
  const unsubscribeExpiry = startListening({
    actionCreator: sessionExpired,
    // A session found run out at start (its token's exp) ends before the page is drawn: the toast
    // waits for the toast stack and appears with it.
    effect: () => {
      toast.info(SESSION_EXPIRED_MESSAGE);
    },
  });

  return () => {
    unsubscribeSession();
    unsubscribeExpiry();
  };
}
