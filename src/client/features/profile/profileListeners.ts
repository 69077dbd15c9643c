import { isAnyOf } from '@reduxjs/toolkit';
import { appStarted, storageChangedInAnotherTab } from '../../lib/appEvents';
import type { AppStartListening } from '../../lib/listenerTypes';
import { userNameResolved, userSignedIn } from '../auth/authEvents';
import { selectUnnamedUser } from '../auth/authSelectors';
import { profileApi } from './profileApi';

/**
 * The display name (docs/behaviour.md §4): the session token says who this is; only when it names
 * nobody is the profile asked, and the e-mail's local part becomes the name. It lives in the profile
 * feature, which depends on auth, so that auth need not depend on the profile.
 */
export function addProfileListeners(startListening: AppStartListening) {
  return startListening({
    matcher: isAnyOf(appStarted, userSignedIn, storageChangedInAnotherTab),
    effect: async (_action, api) => {
      const unnamed = selectUnnamedUser(api.getState());
      if (unnamed === null) return;
      if (unnamed.claimedName) {
        api.dispatch(userNameResolved(unnamed.claimedName));
        return;
      }
      api.cancelActiveListeners();
      const result = await api.dispatch(profileApi.endpoints.getProfile.initiate(unnamed.userId, { subscribe: false }));
      const email = result.data?.emailId;
      if (!email) {
        console.error('Failed to fetch user profile');
        return;
      }
      api.dispatch(userNameResolved(email.split('@')[0] ?? email));
    },
  });
}
