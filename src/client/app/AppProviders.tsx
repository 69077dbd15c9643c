import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { TOASTS } from '../../shared/constants';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme and toasts: shared by the app's entry and the tests' renderWithProviders. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <SnackbarProvider maxSnack={TOASTS.maxVisible} autoHideDuration={TOASTS.durationMs} anchorOrigin={TOASTS.anchor}>
          {children}
        </SnackbarProvider>
      </ThemeProvider>
    </Provider>
  );
}
