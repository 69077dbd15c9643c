import { act, screen, waitFor } from '@testing-library/react';
import { apiSlice } from '../../../../src/client/api/apiSlice';
import { appStopped } from '../../../../src/client/lib/appEvents';
import type { AppStore } from '../../../../src/client/app/store';
import { userSignedOut } from '../../../../src/client/features/auth/authEvents';
import { sessionExpired } from '../../../../src/client/lib/sessionEvents';
import { cartApi } from '../../../../src/client/features/cart/cartApi';
import { selectCartCount, selectCartTarget } from '../../../../src/client/features/cart/cartSelectors';
import { startStore } from '../../../utils/startStore';
import { startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, callApi, eventId, guestWithCart, newGuestToken, rememberGuest } from '../../../utils/clientCart';

/**
 * The 'cartItems' mirror (docs/behaviour.md §3, §4): written from every cart answer, announced with a
 * `cartUpdated` window event carrying the count, followed by other tabs, cleared at logout.
 */

const storedItems = () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { assetId: number }[];
const fromOtherTab = (key: string | null, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));

/** Every `cartUpdated` count announced on the window from now on. */
function recordCartUpdated() {
  const counts: unknown[] = [];
  const listener = (e: Event) => counts.push((e as CustomEvent).detail);
  window.addEventListener('cartUpdated', listener);
  return { counts, stop: () => window.removeEventListener('cartUpdated', listener) };
}

let store: AppStore | undefined;
let announced: ReturnType<typeof recordCartUpdated>;
beforeEach(() => {
  announced = recordCartUpdated();
});
afterEach(async () => {
  announced.stop();
  jest.restoreAllMocks();
  if (store) {
    store.dispatch(appStopped());
    await Promise.all(store.dispatch(apiSlice.util.getRunningQueriesThunk()));
    await Promise.all(store.dispatch(apiSlice.util.getRunningMutationsThunk()));
  }
  await stopApp(undefined);
  store = undefined;
});

async function storeWithGuestCart(label: string, events: { path: string }[]) {
  const guest = await guestWithCart(label, events);
  rememberGuest(guest);
  store = await startStore();
  await store.dispatch(cartApi.endpoints.getCart.initiate(selectCartTarget(store.getState()), { subscribe: false }));
  return guest;
}

it('a cart answer becomes the cartItems array (its length the count) and is announced with cartUpdated', async () => {
  await storeWithGuestCart('mirror', [PREMIUM.velvet, PREMIUM.planets]);
  const ids = [await eventId(PREMIUM.velvet.path), await eventId(PREMIUM.planets.path)];
  await waitFor(() => expect(storedItems().map((i) => i.assetId)).toEqual(ids));
  expect(storedItems()[0]).toMatchObject({ assetId: ids[0], meta: { label: PREMIUM.velvet.title } });
  expect(selectCartCount(store!.getState())).toBe(2);
  expect(announced.counts).toContain(2);

  // A change answers the whole cart: the mirror and the count follow it.
  await store!.dispatch(
    cartApi.endpoints.removeFromCart.initiate({ asset_id: ids[0]!, ...selectCartTarget(store!.getState()) }),
  );
  await waitFor(() => expect(storedItems().map((i) => i.assetId)).toEqual([ids[1]]));
  expect(selectCartCount(store!.getState())).toBe(1);
  expect(announced.counts.at(-1)).toBe(1);
});

it("a guest's first add keeps the new cart's token as guest_cart_token", async () => {
  localStorage.setItem('auth_token', newGuestToken('first-add')); // a guest with no cart yet
  store = await startStore();
  const answer = await store
    .dispatch(cartApi.endpoints.addToCart.initiate({ asset_id: await eventId(PREMIUM.canyon.path) }))
    .unwrap();
  expect(answer.cartToken).toEqual(expect.any(String));
  expect(store.getState().cart.guestCartToken).toBe(answer.cartToken);
  await waitFor(() => expect(localStorage.getItem('guest_cart_token')).toBe(answer.cartToken));
  expect(selectCartTarget(store.getState())).toEqual({ cart_token: answer.cartToken });
});

it.each([
  ['logout', userSignedOut()],
  ['session expiry', sessionExpired()],
])('%s clears the mirror and the guest cart token, and announces 0', async (_name, action) => {
  await storeWithGuestCart(`clear-${_name}`, [PREMIUM.velvet]);
  await waitFor(() => expect(storedItems()).toHaveLength(1));
  store!.dispatch(action);
  expect(store!.getState().cart.guestCartToken).toBeNull();
  expect(selectCartCount(store!.getState())).toBe(0);
  expect(announced.counts.at(-1)).toBe(0);
  await waitFor(() => expect(localStorage.getItem('guest_cart_token')).toBeNull());
  await waitFor(() => expect(storedItems()).toEqual([]));
});

it("another tab's change to the cart reloads the cart shown here", async () => {
  const guest = await guestWithCart('two-tabs', [PREMIUM.velvet, PREMIUM.planets]);
  rememberGuest(guest);
  const app = await startApp('/cart');
  try {
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(2), { timeout: 10_000 });
    // The other tab removes an event (on the server) and writes its new mirror.
    const answer = await callApi('/cart/remove', guest.guestToken, {
      asset_id: await eventId(PREMIUM.velvet.path),
      cart_token: guest.cartToken,
    });
    localStorage.setItem('cartItems', JSON.stringify(answer.data.items));
    act(() => fromOtherTab('cartItems', JSON.stringify(answer.data.items)));
    expect(selectCartCount(app.store.getState())).toBe(1);
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(1));
    expect(screen.queryByText(PREMIUM.velvet.title)).not.toBeInTheDocument();
  } finally {
    await stopApp(app.store);
  }
});
