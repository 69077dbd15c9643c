import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { connectivityChanged, requestFailedOffline, storageChangedInAnotherTab } from '../../lib/appEvents';
import { applyExternalChange, plainString, type PersistedFields } from '../../lib/persistedField';
import { supportStateImported } from '../supportPanel/supportPanelEvents';

export type UiState = {
  /** The server's demo flag from /misc/data ('demoUse'). */
  demoUse: string | null;
  mobileMenuOpen: boolean;
  /** The browser's online state (navigator.onLine), followed from the start. */
  online: boolean;
  /** A call failed because the browser is offline, since it last went offline. */
  offlineRequestFailed: boolean;
};

export const initialUiState: UiState = {
  demoUse: null,
  mobileMenuOpen: false,
  online: true,
  offlineRequestFailed: false,
};

export const uiPersistedFields: PersistedFields<UiState> = { demoUse: plainString('demoUse') };

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    demoFlagReceived(state, action: PayloadAction<string>) {
      state.demoUse = action.payload;
    },
    mobileMenuToggled(state) {
      state.mobileMenuOpen = !state.mobileMenuOpen;
    },
    mobileMenuClosed(state) {
      state.mobileMenuOpen = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(connectivityChanged, (state, action) => {
      if (state.online !== action.payload.online) state.offlineRequestFailed = false;
      state.online = action.payload.online;
    });
    builder.addCase(supportStateImported, (state, action) => {
      state.demoUse = action.payload.demoUse;
    });
    builder.addCase(requestFailedOffline, (state) => {
      state.offlineRequestFailed = true;
    });
    builder.addCase(storageChangedInAnotherTab, (state, action) => {
      applyExternalChange(state, uiPersistedFields, initialUiState, action);
    });
  },
  selectors: {
    selectDemoUse: (s) => s.demoUse,
    selectMobileMenuOpen: (s) => s.mobileMenuOpen,
    selectOnline: (s) => s.online,
    selectOfflineRequestFailed: (s) => s.offlineRequestFailed,
  },
});

export const { demoFlagReceived, mobileMenuToggled, mobileMenuClosed } = uiSlice.actions;
export const { selectMobileMenuOpen, selectOnline, selectOfflineRequestFailed } = uiSlice.selectors;
