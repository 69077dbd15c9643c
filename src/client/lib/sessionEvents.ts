import { createAction } from '@reduxjs/toolkit';
import type { RedirectMarker } from '../../shared/constants';

/*
 * Session events announced below the features: by api/ (the base query and the guest token request)
 * and by lib/useRequireSignIn. They live here, not in features/auth/authEvents.ts, so that api/ and
 * lib/ import no feature; the auth slice records them, and any feature may listen for them. Their
 * types keep the 'auth/' names that recorded sessions and DevTools know them by.
 */

/** The server issued a guest token (at start, or after a 401 threw the old one away). */
export const guestTokenReceived = createAction<string>('auth/guestTokenReceived');

/** A request came back 401: the stored guest token is thrown away (docs/behaviour.md §4 "A 401"). */
export const guestTokenRejected = createAction('auth/guestTokenRejected');

/** Fetching a guest token failed (server unreachable); the shell offers a retry. */
export const guestTokenFetchFailed = createAction<string>('auth/guestTokenFetchFailed');

/**
 * The server refused the user's token (it expired, or the user logged out on another device): the
 * session is forgotten and, by the spec's 401 rule, the guest token too (a new one is fetched).
 */
export const sessionExpired = createAction('auth/sessionExpired');

/**
 * A guest tried something that needs a sign-in (checkout: 'cart', voucher purchase: 'vocher'):
 * the marker is kept as 'redirect_url' so that sign-in sends them back to /cart (docs/behaviour.md §6).
 */
export const redirectMarkerStored = createAction<RedirectMarker>('auth/redirectMarkerStored');
