import { createAction } from '@reduxjs/toolkit';

/** The store has been rehydrated from localStorage and the app is about to render. */
export const appStarted = createAction('app/started');

/**
 * The server rendered this page: its guest token (for a visitor who has none yet) and the API
 * answers it rendered with, handed to the client's cache so the first screen needs no request.
 */
export const serverPageLoaded = createAction<{ guestToken: string | null; api: unknown }>('app/serverPageLoaded');

/** The app is being torn down (tests, hot reload): window listeners started at appStarted detach. */
export const appStopped = createAction('app/stopped');

/**
 * Another tab changed one of our localStorage keys (a `storage` event). `key` is the localStorage
 * name ('user_token', 'cartItems', …) or null when that tab cleared the whole storage.
 */
export const storageChangedInAnotherTab = createAction<{ key: string | null; newValue: string | null }>(
  'storage/changedInAnotherTab',
);

/** The browser went offline or came back (window 'offline'/'online' events, and the state at start). */
export const connectivityChanged = createAction<{ online: boolean }>('network/connectivityChanged');

/** A call could not reach the server because the browser is offline (it failed at once, no spinner). */
export const requestFailedOffline = createAction<{ endpoint: string }>('network/requestFailedOffline');
