import { createAction } from '@reduxjs/toolkit';
import type { RedirectMarker } from '../../../shared/constants';

/** The server issued a guest token (at start, or after a 401 threw the old one away). */
export const guestTokenReceived = createAction<string>('auth/guestTokenReceived');
/** A request came back 401: the stored guest token is thrown away (docs/behaviour.md §4 "401 handling"). */
export const guestTokenRejected = createAction('auth/guestTokenRejected');
/** The stored guest token has run out (its own `exp` says so): it is thrown away and a new one fetched. */
export const guestTokenExpired = createAction('auth/guestTokenExpired');
/** Fetching a guest token failed (server unreachable); the shell offers a retry. */
export const guestTokenFetchFailed = createAction<string>('auth/guestTokenFetchFailed');
/** The visitor pressed Retry on the shell's "can't reach the storefront" screen. */
export const guestTokenRetryRequested = createAction('auth/guestTokenRetryRequested');

/** Sign-in succeeded (e-mail code or Google): the user's token and id, and the name for a new account. */
export const userSignedIn = createAction<{ userToken: string; userId: number; userName?: string }>('auth/userSignedIn');
/** The user logged out here: user token, id and name are forgotten. */
export const userSignedOut = createAction('auth/userSignedOut');
/**
 * The server refused the user's token (it expired, or the user logged out on another device): the
 * session is forgotten and, by the spec's 401 rule, the guest token too (a new one is fetched).
 */
export const sessionExpired = createAction('auth/sessionExpired');
/** The display name was worked out (docs/behaviour.md §4 "Display name"). */
export const userNameResolved = createAction<string>('auth/userNameResolved');
/** The sign-in page used the pending redirect marker. */
export const redirectMarkerUsed = createAction('auth/redirectMarkerUsed');
/**
 * A guest tried something that needs a sign-in (checkout: 'cart', voucher purchase: 'vocher'):
 * the marker is kept as 'redirect_url' so that sign-in sends them back to /cart (docs/behaviour.md §6).
 */
export const redirectMarkerStored = createAction<RedirectMarker>('auth/redirectMarkerStored');
