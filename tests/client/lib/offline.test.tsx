import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { act, screen } from '@testing-library/react';
import { apiSlice } from '../../../src/client/api/apiSlice';
import { connectivityChanged } from '../../../src/client/lib/appEvents';
import { OFFLINE_ACTION_MESSAGE } from '../../../src/client/lib/connectivity';
import { makeStore } from '../../../src/client/app/store';
import { OFFLINE_ACTION_NOTICE, OFFLINE_NOTICE, OfflineNotice } from '../../../src/client/features/shell/OfflineNotice';
import { preloaded, renderWithProviders } from '../../utils/renderWithProviders';
import { signTestToken } from '../../utils/signToken';

/**
 * Offline, a call fails at once and says so in words callers show; the notice tells the visitor.
 * "Offline" is the browser's: navigator.onLine false and fetch rejecting, as Chromium does.
 */
const probeApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({ offlineProbe: build.mutation<unknown, FetchArgs>({ query: (args) => args }) }),
});
const realFetch = global.fetch;
function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  global.fetch = offline ? jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) : realFetch;
}
afterEach(() => goOffline(false));

const storeWithGuest = () =>
  makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'g-offline' }) } }));

it('offline: a call answers at once with the offline message and flags the notice', async () => {
  goOffline(true);
  const store = storeWithGuest();
  const result = await store.dispatch(
    probeApi.endpoints.offlineProbe.initiate({ url: '/v1/cart/add', method: 'POST', body: {} }),
  );
  expect('error' in result && result.error).toEqual({
    status: 'CUSTOM_ERROR',
    error: 'offline',
    data: { success: false, message: OFFLINE_ACTION_MESSAGE, data: null },
  });
  expect(store.getState().ui.offlineRequestFailed).toBe(true);
});

it('online, a failed fetch is passed on as it was (not called offline)', async () => {
  goOffline(false);
  global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  const store = storeWithGuest();
  const result = await store.dispatch(
    probeApi.endpoints.offlineProbe.initiate({ url: '/v1/cart/add', method: 'POST', body: {} }),
  );
  expect('error' in result && (result.error as { status: string }).status).toBe('FETCH_ERROR');
  expect(store.getState().ui.offlineRequestFailed).toBe(false);
});

it('the notice shows while offline, adds why an action did not happen, and leaves when back online', async () => {
  const store = storeWithGuest();
  renderWithProviders(<OfflineNotice />, { store });
  expect(screen.queryByRole('status')).toBeNull();

  act(() => {
    store.dispatch(connectivityChanged({ online: false }));
  });
  expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_NOTICE);
  expect(screen.getByRole('status')).not.toHaveTextContent(OFFLINE_ACTION_NOTICE);

  goOffline(true);
  await act(async () => {
    await store.dispatch(probeApi.endpoints.offlineProbe.initiate({ url: '/v1/cart/add', method: 'POST', body: {} }));
  });
  expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_ACTION_NOTICE);

  act(() => {
    store.dispatch(connectivityChanged({ online: true }));
  });
  expect(screen.queryByRole('status')).toBeNull();
  // Offline again later: a fresh notice, without the old failure.
  act(() => {
    store.dispatch(connectivityChanged({ online: false }));
  });
  expect(screen.getByRole('status')).not.toHaveTextContent(OFFLINE_ACTION_NOTICE);
});
