import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { userSignedIn } from '../../../../src/client/features/auth/authEvents';
import { signUpOnTestServer } from '../../../utils/apiUser';
import { mailedCode, startApp, stopApp } from '../../../utils/clientApp';
import {
  PREMIUM,
  apiCalls,
  callApi,
  eventId,
  guestWithCart,
  newGuestToken,
  rememberGuest,
} from '../../../utils/clientCart';

/**
 * docs/behaviour.md §4 "Guest cart merge": on login, only when both a user id and a guest cart token exist, the
 * guest cart is merged into the user's and the token deleted. One account for the file (it signs in
 * through the page once: one code request).
 */
const email = `merge-${Date.now()}@example.com`;
let user: { token: string; userId: number };
beforeAll(async () => {
  user = await signUpOnTestServer(email, 'Mia', 'Merger');
  // The user's own cart already holds two events, one of them also in the guest cart below.
  for (const event of [PREMIUM.planets, PREMIUM.velvet]) {
    const added = await callApi('/cart', user.token, { asset_id: await eventId(event.path), user_id: user.userId });
    if (added.status !== 200) throw new Error(`user cart: ${added.status} ${added.message}`);
  }
});

let store: AppStore | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

it(
  "signing in on the sign-in page merges the guest's cart into the user's, deletes the guest cart token and " +
    'shows the merged cart',
  async () => {
    const person = userEvent.setup();
    const guest = await guestWithCart('merge-guest', [PREMIUM.velvet, PREMIUM.canyon]);
    rememberGuest(guest);
    localStorage.setItem('redirect_url', 'cart'); // the guest was on the way to checkout: after sign-in, /cart
    const app = await startApp('/sign-in');
    store = app.store;
    await person.type(await screen.findByRole('textbox', { name: 'E-mail address' }), email);
    await person.click(screen.getByRole('button', { name: 'Continue with e-mail' }));
    await screen.findByRole('heading', { name: 'Check your e-mail' }, { timeout: 10_000 });
    await person.type(screen.getByRole('textbox', { name: 'Sign-in code' }), await mailedCode(email));
    await person.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/cart'), { timeout: 10_000 });
    await waitFor(() => expect(screen.getAllByTestId('cart-item')).toHaveLength(3), { timeout: 10_000 });
    for (const event of [PREMIUM.planets, PREMIUM.velvet, PREMIUM.canyon])
      expect(screen.getByRole('link', { name: event.title })).toBeInTheDocument();
    expect(store.getState().cart.guestCartToken).toBeNull();
    await waitFor(() => expect(localStorage.getItem('guest_cart_token')).toBeNull());
    await waitFor(() => expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toHaveLength(3));

    // On the server: the user's cart holds all three once; the guest cart is gone.
    const mine = await callApi(`/cart?user_id=${user.userId}`, user.token);
    expect(mine.data.items.map((i) => i.assetId).sort()).toEqual(
      (await Promise.all([PREMIUM.planets, PREMIUM.velvet, PREMIUM.canyon].map((e) => eventId(e.path)))).sort(),
    );
    expect((await callApi(`/cart?cart_token=${guest.cartToken}`, guest.guestToken)).status).toBe(403);
  },
);

it('signing in without a guest cart token asks for no merge', async () => {
  rememberGuest({ guestToken: newGuestToken('no-guest-cart') });
  const app = await startApp('/about');
  store = app.store;
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  store.dispatch(userSignedIn({ userToken: user.token, userId: user.userId }));
  await new Promise((r) => setTimeout(r, 300));
  expect(apiCalls(fetchSpy).filter((c) => c.includes('/cart/merge'))).toEqual([]);
});
