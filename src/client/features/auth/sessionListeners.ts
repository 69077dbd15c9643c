import { isAnyOf } from '@reduxjs/toolkit';
import { toast } from '../../app/toasts/toast';
import { apiSlice } from '../../api/apiSlice';
import { appStarted, storageChangedInAnotherTab } from '../../app/appEvents';
import type { AppStartListening } from '../../app/listeners';
import { profileApi } from '../profile/profileApi';
import { sessionExpired, userNameResolved, userSignedIn, userSignedOut } from './authEvents';
import { readSessionClaims } from './tokenClaims';

/** Spec §4 "Display name": a missing or 'undefined undefined' name is replaced by the e-mail's local part. */
const needsDisplayName = (name: string | null) => !name || name.trim() === '' || name === 'undefined undefined';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';

export function addSessionListeners(startListening: AppStartListening) {
  // The one place that runs after every sign-in and sign-out. Answers cached for the previous
  // identity are dropped (the spec's page reload). The guest cart merge is the cart's own listener.
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

  const unsubscribeName = startListening({
    matcher: isAnyOf(appStarted, userSignedIn, storageChangedInAnotherTab),
    effect: async (_action, api) => {
      const { userId, userName, userToken } = api.getState().auth;
      if (userId === null || !needsDisplayName(userName)) return;
      // The session token says who this is; only when it names nobody is the profile asked (docs/behaviour.md §4).
      const claimed = readSessionClaims(userToken)?.name;
      if (claimed) {
        api.dispatch(userNameResolved(claimed));
        return;
      }
      api.cancelActiveListeners();
      const result = await api.dispatch(profileApi.endpoints.getProfile.initiate(userId, { subscribe: false }));
      const email = result.data?.emailId;
      if (!email) {
        console.error('Failed to fetch user profile');
        return;
      }
      api.dispatch(userNameResolved(email.split('@')[0] ?? email));
    },
  });

  return () => {
    unsubscribeSession();
    unsubscribeExpiry();
    unsubscribeName();
  };
}
