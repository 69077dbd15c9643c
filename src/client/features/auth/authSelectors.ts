import { createSelector } from '@reduxjs/toolkit';
import type { AuthState } from './authSlice';
import { readSessionClaims } from './tokenClaims';

/**
 * The auth feature's public reads (other features import these, never the slice). They take any
 * state with an `auth` branch, so they need no RootState and make no import cycle with the store.
 */
type WithAuth = { auth: AuthState };

export const selectGuestToken = (s: WithAuth) => s.auth.authToken;
export const selectGuestTokenError = (s: WithAuth) => s.auth.guestTokenError;
/** Spec §4: logged in means a userID is stored. */
export const selectIsLoggedIn = (s: WithAuth) => s.auth.userId !== null;
export const selectUserId = (s: WithAuth) => s.auth.userId;
export const selectUserName = (s: WithAuth) => s.auth.userName;
export const selectRedirectMarker = (s: WithAuth) => s.auth.redirectUrl;
/**
 * The signed-in user's token, read (id, name, e-mail): for what the page shows and sends along (the
 * billing name and e-mail of an order); the server takes identity from the token it verifies.
 */
export const selectSessionClaims = createSelector([(s: WithAuth) => s.auth.userId, (s: WithAuth) => s.auth.userToken],
  (userId, token) => (userId === null ? null : readSessionClaims(token)));
/** The bearer for API calls: the user's token when logged in, else the guest token. */
export const selectRequestToken = (s: WithAuth) => (s.auth.userId !== null ? s.auth.userToken : s.auth.authToken);
