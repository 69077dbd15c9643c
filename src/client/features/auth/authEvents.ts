import { createAction } from '@reduxjs/toolkit';

// The session events that the layers below the features announce (the base query, the guest token
// request, the sign-in guard) live in lib/sessionEvents.ts; the auth slice records them all.

/** The stored guest token has run out (its own `exp` says so): it is thrown away and a new one fetched. */
export const guestTokenExpired = createAction('auth/guestTokenExpired');
/** The visitor pressed Retry on the shell's "can't reach the storefront" screen. */
export const guestTokenRetryRequested = createAction('auth/guestTokenRetryRequested');

/** Sign-in succeeded (e-mail code or Google): the user's token and id, and the name for a new account. */
export const userSignedIn = createAction<{ userToken: string; userId: number; userName?: string }>('auth/userSignedIn');
/** The user logged out here: user token, id and name are forgotten. */
export const userSignedOut = createAction('auth/userSignedOut');
/** The display name was worked out (docs/behaviour.md §4 "Display name"). */
export const userNameResolved = createAction<string>('auth/userNameResolved');
/** The sign-in page used the pending redirect marker. */
export const redirectMarkerUsed = createAction('auth/redirectMarkerUsed');
