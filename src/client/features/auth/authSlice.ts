import { createSlice } from '@reduxjs/toolkit';
import { serverPageLoaded, storageChangedInAnotherTab } from '../../lib/appEvents';
import { applyExternalChange, plainString, type PersistedFields } from '../../lib/persistedField';
import { REDIRECT_MARKERS, type RedirectMarker } from '../../../shared/constants';
import { supportStateImported } from '../supportPanel/supportPanelEvents';
import { guestTokenExpired, redirectMarkerUsed, userNameResolved, userSignedIn, userSignedOut } from './authEvents';
import {
  guestTokenFetchFailed,
  guestTokenReceived,
  guestTokenRejected,
  redirectMarkerStored,
  sessionExpired,
} from '../../lib/sessionEvents';

export type AuthState = {
  /** Guest token (localStorage 'auth_token'). */
  authToken: string | null;
  /** Signed-in user's token ('user_token'). */
  userToken: string | null;
  /** Present exactly when a user is logged in ('userID'). */
  userId: string | null;
  userName: string | null;
  /** Where to go after sign-in ('redirect_url'): 'cart' or 'vocher'. */
  redirectUrl: RedirectMarker | null;
  /** Not persisted: why the last guest-token fetch failed, for the shell's retry screen. */
  guestTokenError: string | null;
};

export const initialAuthState: AuthState = {
  authToken: null,
  userToken: null,
  userId: null,
  userName: null,
  redirectUrl: null,
  guestTokenError: null,
};

export const authPersistedFields: PersistedFields<AuthState> = {
  authToken: plainString('auth_token'),
  userToken: plainString('user_token'),
  userId: plainString('userID'),
  userName: plainString('userName'),
  redirectUrl: {
    name: 'redirect_url',
    encode: (v) => v,
    decode: (raw) => ((REDIRECT_MARKERS as readonly string[]).includes(raw) ? (raw as RedirectMarker) : undefined),
  },
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(guestTokenReceived, (state, action) => {
        state.authToken = action.payload;
        state.guestTokenError = null;
      })
      // The page came with a fresh guest token: kept only by a visitor who holds none.
      .addCase(serverPageLoaded, (state, action) => {
        if (state.authToken === null && action.payload.guestToken) {
          state.authToken = action.payload.guestToken;
          state.guestTokenError = null;
        }
      })
      .addCase(guestTokenRejected, (state) => {
        state.authToken = null;
      })
      .addCase(guestTokenExpired, (state) => {
        state.authToken = null;
      })
      .addCase(guestTokenFetchFailed, (state, action) => {
        state.guestTokenError = action.payload;
      })
      .addCase(userSignedIn, (state, action) => {
        state.userToken = action.payload.userToken;
        state.userId = String(action.payload.userId);
        if (action.payload.userName) state.userName = action.payload.userName;
      })
      .addCase(userSignedOut, (state) => {
        state.userToken = null;
        state.userId = null;
        state.userName = null;
      })
      .addCase(sessionExpired, (state) => {
        state.userToken = null;
        state.userId = null;
        state.userName = null;
        state.authToken = null;
      })
      .addCase(userNameResolved, (state, action) => {
        state.userName = action.payload;
      })
      .addCase(redirectMarkerStored, (state, action) => {
        state.redirectUrl = action.payload;
      })
      .addCase(redirectMarkerUsed, (state) => {
        state.redirectUrl = null;
      })
      // A support replay takes over the customer's marker, never their identity.
      .addCase(supportStateImported, (state, action) => {
        state.redirectUrl = action.payload.redirectUrl;
      })
      .addCase(storageChangedInAnotherTab, (state, action) => {
        applyExternalChange(state, authPersistedFields, initialAuthState, action);
      });
  },
});
