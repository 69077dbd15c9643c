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
/** docs/behaviour.md §4: logged in means a userID is stored. */
export const selectIsLoggedIn = (s: WithAuth) => s.auth.userId !== null;
export const selectUserId = (s: WithAuth) => s.auth.userId;
const selectUserName = (s: WithAuth) => s.auth.userName;
export const selectRedirectMarker = (s: WithAuth) => s.auth.redirectUrl;
/**
 * The signed-in user's token, read (id, name, e-mail): for what the page shows and sends along (the
 * billing name and e-mail of an order); the server takes identity from the token it verifies.
 */
const selectSessionClaims = createSelector(
  [(s: WithAuth) => s.auth.userId, (s: WithAuth) => s.auth.userToken],
  (userId, token) => (userId === null ? null : readSessionClaims(token)),
);
/** Who an order is billed to, as the spec's payload names it (billingName, billingEmail). */
export type Billing = { name?: string; email?: string };
/**
 * The billing name and e-mail, from the session token's claims (the display name stands in for a
 * token that names nobody). Sent with an order for the record only: the server bills the token's user.
 */
export const selectBilling = createSelector([selectSessionClaims, selectUserName], (claims, displayName): Billing => {
  const name = claims?.name || displayName?.trim() || undefined;
  const email = claims?.email || undefined;
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
});
/** docs/behaviour.md §4 "Display name": a missing or 'undefined undefined' name is worked out again. */
const needsDisplayName = (name: string | null) => !name || name.trim() === '' || name === 'undefined undefined';
/**
 * The signed-in user whose display name is still to be worked out (docs/behaviour.md §4 "Display
 * name"), with the name their session token claims, if it names one; null when there is nothing to
 * do. For the profile's listener, which asks the server when the token names nobody.
 */
export const selectUnnamedUser = (s: WithAuth) => {
  const { userId, userName, userToken } = s.auth;
  if (userId === null || !needsDisplayName(userName)) return null;
  return { userId, claimedName: readSessionClaims(userToken)?.name };
};
/** The bearer for API calls: the user's token when logged in, else the guest token. */
export const selectRequestToken = (s: WithAuth) => (s.auth.userId !== null ? s.auth.userToken : s.auth.authToken);
