import { isAnyOf } from '@reduxjs/toolkit';
import { enqueueSnackbar } from 'notistack';
import { apiSlice } from '../../api/apiSlice';
import { appStarted, storageChangedInAnotherTab } from '../../app/appEvents';
import type { AppStartListening } from '../../app/listeners';
import { profileApi } from '../profile/profileApi';
import { sessionExpired, userNameResolved, userSignedIn, userSignedOut } from './authEvents';

/** Spec §4 "Display name": a missing or 'undefined undefined' name is replaced by the e-mail's local part. */
export const needsDisplayName = (name: string | null) => !name || name.trim() === '' || name === 'undefined undefined';

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
    effect: () => {
      // The provider sets notistack's global enqueue when it mounts; before that there is nobody to tell.
      if (typeof enqueueSnackbar === 'function') enqueueSnackbar(SESSION_EXPIRED_MESSAGE, { variant: 'info' });
    },
  });

  const unsubscribeName = startListening({
    matcher: isAnyOf(appStarted, userSignedIn, storageChangedInAnotherTab),
    effect: async (_action, api) => {
      const { userId, userName } = api.getState().auth;
      if (userId === null || !needsDisplayName(userName)) return;
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
