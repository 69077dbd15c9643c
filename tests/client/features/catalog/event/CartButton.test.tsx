import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { registerListeners } from '../../../../../src/client/app/registerListeners';
import { makeStore, type AppStore } from '../../../../../src/client/app/store';
import { AccessCard } from '../../../../../src/client/features/catalog/event/AccessCard';
import type { AssetDetail } from '../../../../../src/shared/contract/catalog';
import { preloaded, renderWithProviders } from '../../../../utils/renderWithProviders';
import { startApp, stopApp } from '../../../../utils/clientApp';
import {
  FREE_EVENT,
  PREMIUM,
  callApi,
  eventId,
  guestWithCart,
  newGuestToken,
  rememberGuest,
} from '../../../../utils/clientCart';

/** docs/behaviour.md §4 "The event page's cart button", on the server cart of the real test server. */

let store: AppStore | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

/** Holds the API's answers to POSTs on `path` until released (the button's in-flight state is then on screen). */
function holdPosts(path: string) {
  const realFetch = globalThis.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    if (req.method === 'POST' && new URL(req.url).pathname === `/v1${path}`) await released;
    return realFetch(input, init);
  });
  return release;
}

const cartButton = (name: string) => screen.findByRole('button', { name }, { timeout: 10_000 });

it("'Add to cart' adds the event on the server, shows 'Processing...' while it does, then goes to /cart", async () => {
  const user = userEvent.setup();
  rememberGuest({ guestToken: newGuestToken('add-button') });
  const app = await startApp(`/events/${PREMIUM.velvet.path}`);
  store = app.store;
  const add = await cartButton('Add to cart');
  await waitFor(() => expect(add).toBeEnabled());
  const release = holdPosts('/cart');
  await user.click(add);
  const processing = await cartButton('Processing...');
  expect(processing).toBeDisabled();
  release();
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/cart'));
  expect(await screen.findByRole('link', { name: PREMIUM.velvet.title }, { timeout: 10_000 })).toBeInTheDocument();
  // The guest's new cart is kept by its token, and holds the event on the server.
  const cartToken = store.getState().cart.guestCartToken;
  expect(cartToken).toEqual(expect.any(String));
  const onServer = await callApi(`/cart?cart_token=${cartToken}`, localStorage.getItem('auth_token')!);
  expect(onServer.data.items.map((i) => i.assetId)).toEqual([await eventId(PREMIUM.velvet.path)]);
});

it(
  "shows 'Remove from cart' for an event already in the cart; removing it returns the button to 'Add to " + "cart'",
  async () => {
    const user = userEvent.setup();
    const guest = await guestWithCart('remove-button', [PREMIUM.planets]);
    rememberGuest(guest);
    const app = await startApp(`/events/${PREMIUM.planets.path}`);
    store = app.store;
    const remove = await cartButton('Remove from cart');
    const release = holdPosts('/cart/remove');
    await user.click(remove);
    expect(await cartButton('Processing...')).toBeDisabled();
    release();
    expect(await cartButton('Add to cart')).toBeEnabled();
    expect(app.router.state.location.pathname).toBe(`/events/${PREMIUM.planets.path}`);
    const onServer = await callApi(`/cart?cart_token=${guest.cartToken}`, guest.guestToken);
    expect(onServer.data.items).toEqual([]);
  },
);

it("keeps 'Add to cart' for an event not in the cart even when the cart holds others", async () => {
  rememberGuest(await guestWithCart('other-events', [PREMIUM.planets]));
  const app = await startApp(`/events/${PREMIUM.canyon.path}`);
  store = app.store;
  await waitFor(async () => expect(await cartButton('Add to cart')).toBeEnabled());
  expect(screen.queryByRole('button', { name: 'Remove from cart' })).not.toBeInTheDocument();
});

it(
  "a guest cart token the server refuses (another guest's) is dropped after the refused add, and the next add " +
    'starts a new cart',
  async () => {
    const user = userEvent.setup();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const someoneElse = await guestWithCart('stale-token-owner', [PREMIUM.planets]);
    rememberGuest({ guestToken: newGuestToken('stale-token'), cartToken: someoneElse.cartToken });
    const app = await startApp(`/events/${PREMIUM.canyon.path}`);
    store = app.store;
    await waitFor(() =>
      expect(errors).toHaveBeenCalledWith('Failed to fetch cart items', expect.objectContaining({ status: 403 })),
    );
    await user.click(await cartButton('Add to cart'));
    await waitFor(() => expect(errors).toHaveBeenCalledWith('Cart error', expect.objectContaining({ status: 403 })));
    await waitFor(() => expect(store!.getState().cart.guestCartToken).toBeNull());
    expect(app.router.state.location.pathname).toBe(`/events/${PREMIUM.canyon.path}`);

    await user.click(await cartButton('Add to cart'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/cart'));
    expect(store.getState().cart.guestCartToken).not.toBe(someoneElse.cartToken);
    expect(await screen.findByRole('link', { name: PREMIUM.canyon.title }, { timeout: 10_000 })).toBeInTheDocument();
    // The other guest's cart was never touched.
    const theirs = await callApi(`/cart?cart_token=${someoneElse.cartToken}`, someoneElse.guestToken);
    expect(theirs.data.items.map((i) => i.assetId)).toEqual([await eventId(PREMIUM.planets.path)]);
  },
);

describe('failures go to the console only', () => {
  beforeAll(() => registerListeners());

  it(
    "an add the server refuses (a free event) logs 'Cart error', stays on the page and keeps 'Add to " + "cart'",
    async () => {
      const user = userEvent.setup();
      const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
      // The free demo event, shown as if it had a price: the server has the last word and answers 409.
      const id = await eventId(FREE_EVENT);
      const event: AssetDetail = {
        id,
        path: FREE_EVENT,
        title: 'Free, shown with a price',
        label: '',
        description: '',
        event_label: '',
        venue_description: '',
        airStartDate: null,
        vodOrLivePosterImageFilePath: '',
        isPremium: 1,
        canUserWatchAsset: 0,
        soldOut: 0,
        shareImagePath: null,
        rate: 5,
        contentType: 'On Demand',
        assetType: 'vod',
        subscription_id: null,
      };
      store = makeStore(preloaded({ auth: { authToken: newGuestToken('refused-add') } }));
      renderWithProviders(
        <MemoryRouter>
          <AccessCard event={event} />
        </MemoryRouter>,
        { store },
      );
      const add = await cartButton('Add to cart');
      await waitFor(() => expect(add).toBeEnabled());
      await user.click(add);
      await waitFor(() => expect(errors).toHaveBeenCalledWith('Cart error', expect.objectContaining({ status: 409 })));
      expect(await cartButton('Add to cart')).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument(); // no toast
    },
  );
});
