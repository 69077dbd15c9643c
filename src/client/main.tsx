import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { appStarted } from './app/appEvents';
import { AppProviders } from './app/AppProviders';
import { registerListeners } from './app/registerListeners';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/serviceWorker';
import { makeStore } from './app/store';
import { FullPageSpinner } from './components/FullPageSpinner';
import { captureInstallPrompt } from './features/shell/installPrompt';

// The browser may offer installation before React has rendered: catch the offer from the start.
captureInstallPrompt();
registerListeners();
const store = makeStore();
// Side effects start only once the persisted values are back in the store.
const persistor = persistStore(store, null, () => store.dispatch(appStarted()));
const router = createAppRouter();
registerServiceWorker(router);

// Read-only window on the store for browser tests and support (the same data localStorage holds).
Object.defineProperty(window, '__storefront', { value: Object.freeze({ getState: store.getState }) });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <PersistGate persistor={persistor} loading={<FullPageSpinner />}>
        <RouterProvider router={router} />
      </PersistGate>
    </AppProviders>
  </StrictMode>,
);
