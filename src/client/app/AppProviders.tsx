import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore, RootState } from './store';
import { theme } from './theme';
import { ToastProvider } from './toasts/ToastProvider';
import { PageEndRoom } from './PageEndRoom';

/**
 * Store, theme, toasts and the room kept for them at the page's end: shared by the app's entry,
 * the server render and the tests' renderWithProviders. `serverState`: the state a server-rendered
 * page was rendered from, which selectors read while the page hydrates.
 */
export function AppProviders({
  store,
  serverState,
  children,
}: {
  store: AppStore;
  serverState?: RootState;
  children: ReactNode;
}) {
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <ToastProvider>{children}</ToastProvider>
        <PageEndRoom />
      </ThemeProvider>
    </Provider>
  );
}
