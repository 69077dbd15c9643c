import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../../src/client/app/AppProviders';
import { routes } from '../../src/client/app/router';
import { makeStore, type AppStore, type RootState } from '../../src/client/app/store';
import { initialAuthState, type AuthState } from '../../src/client/features/auth/authSlice';
import { initialCartState, type CartState } from '../../src/client/features/cart/cartSlice';
import { initialUiState, type UiState } from '../../src/client/features/shell/uiSlice';

const rehydrated = { _persist: { version: -1, rehydrated: true } };

/** A store state as after rehydration, with the given slice fields set. */
export function preloaded(
  parts: { auth?: Partial<AuthState>; cart?: Partial<CartState>; ui?: Partial<UiState> } = {},
): Partial<RootState> {
  return {
    auth: { ...initialAuthState, ...parts.auth, ...rehydrated },
    cart: { ...initialCartState, ...parts.cart, ...rehydrated },
    ui: { ...initialUiState, ...parts.ui, ...rehydrated },
  };
}

export function renderWithProviders(ui: ReactElement, { store = makeStore(preloaded()) }: { store?: AppStore } = {}) {
  return { store, ...render(<AppProviders store={store}>{ui}</AppProviders>) };
}

/** The app's real route table at `path`, in memory. */
export function renderRoute(path: string, options: { store?: AppStore } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, options) };
}
