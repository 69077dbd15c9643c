import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { storageChangedInAnotherTab } from '../../app/appEvents';
import { applyExternalChange, plainString, type PersistedFields } from '../../app/persistedField';

export type UiState = {
  /** The server's demo flag from /misc/data ('demoUse'). */
  demoUse: string | null;
  mobileMenuOpen: boolean;
};

export const initialUiState: UiState = { demoUse: null, mobileMenuOpen: false };

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
    builder.addCase(storageChangedInAnotherTab, (state, action) => {
      applyExternalChange(state, uiPersistedFields, initialUiState, action);
    });
  },
  selectors: {
    selectDemoUse: (s) => s.demoUse,
    selectMobileMenuOpen: (s) => s.mobileMenuOpen,
  },
});

export const { demoFlagReceived, mobileMenuToggled, mobileMenuClosed } = uiSlice.actions;
export const { selectDemoUse, selectMobileMenuOpen } = uiSlice.selectors;
