import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, apiCalls, eventId, guestWithCart, newGuestToken, rememberGuest } from '../../../utils/clientCart';

/** The support panel on the real app and test server: export, a refused import, a replayed import. */
let store: AppStore | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

/** The text of the file the panel downloads (jsdom has no object URLs: captured where it is made). */
function captureDownloads() {
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      files.push(blob);
      return 'blob:test';
    },
    revokeObjectURL: () => {},
  });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return files;
}
const dialog = () => screen.findByRole('dialog', { name: 'Support tools' }, { timeout: 10_000 });
const choose = (text: string, name = 'state.json') => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  return act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], name, { type: 'application/json' })] } });
  });
};
const persisted = () =>
  Object.fromEntries(
    Object.keys(localStorage)
      .sort()
      .map((k) => [k, localStorage.getItem(k)]),
  );

it('?support=1 opens the panel; Export state downloads the persisted state with every token redacted', async () => {
  const guest = await guestWithCart('support-export', [PREMIUM.velvet, PREMIUM.planets]);
  rememberGuest(guest);
  localStorage.setItem('redirect_url', 'cart');
  const files = captureDownloads();
  const app = await startApp('/cart?support=1&tab=2');
  store = app.store;
  await waitFor(() => expect(store!.getState().cart.lines.ids).toHaveLength(2), { timeout: 10_000 });
  await userEvent.click(within(await dialog()).getByRole('button', { name: 'Export state' }));
  expect(files).toHaveLength(1);
  const text = await files[0]!.text();
  for (const secret of [guest.guestToken, guest.cartToken]) expect(text).not.toContain(secret);
  const file = JSON.parse(text);
  expect(file).toMatchObject({ kind: 'allaccess-support-state', version: 1, location: '/cart?tab=2' });
  expect(file.localStorage).toMatchObject({
    auth_token: '[redacted]',
    user_token: null,
    guest_cart_token: '[redacted]',
    redirect_url: 'cart',
    userID: null,
  });
  expect(file.localStorage.cartItems.map((l: { assetId: number }) => l.assetId).sort()).toEqual(
    [await eventId(PREMIUM.velvet.path), await eventId(PREMIUM.planets.path)].sort(),
  );
  expect(screen.getByRole('status')).toHaveTextContent('Exported: the file has no tokens.');
});

it('a malformed file is refused with what is wrong, and nothing changes: store, storage, server', async () => {
  rememberGuest({ guestToken: newGuestToken('support-refused') });
  localStorage.setItem('redirect_url', 'vocher');
  const app = await startApp('/events?support=1');
  store = app.store;
  await dialog();
  await waitFor(() => expect(store!.getState().ui.demoUse).not.toBeNull(), { timeout: 10_000 });
  const before = {
    state: JSON.stringify({ auth: store.getState().auth, cart: store.getState().cart, ui: store.getState().ui }),
    storage: persisted(),
    path: app.router.state.location.pathname,
  };
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  const bad = JSON.stringify({
    kind: 'allaccess-support-state',
    version: 1,
    exportedAt: '2026-11-22T10:00:00Z',
    location: '//evil.example',
    localStorage: {},
  });
  await choose(bad);
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Import refused: location: must be a path of this site. Nothing was changed.',
    ),
  );
  // The next refusal replaces the message (waited for: the first one is still on screen meanwhile).
  await choose('{ not json');
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('Import refused: The file is not JSON. Nothing was changed.'),
  );
  await new Promise((r) => setTimeout(r, 300));
  expect(apiCalls(fetchSpy)).toEqual([]);
  expect({
    state: JSON.stringify({ auth: store.getState().auth, cart: store.getState().cart, ui: store.getState().ui }),
    storage: persisted(),
    path: app.router.state.location.pathname,
  }).toEqual(before);
});

it(
  "a customer's file reproduces their cart (in this browser's own server cart), redirect marker and " + 'page',
  async () => {
    const velvet = await eventId(PREMIUM.velvet.path);
    const planets = await eventId(PREMIUM.planets.path);
    const exported = {
      kind: 'allaccess-support-state',
      version: 1,
      exportedAt: '2026-11-22T10:00:00.000Z',
      location: '/cart',
      localStorage: {
        auth_token: '[redacted]',
        user_token: '[redacted]',
        guest_cart_token: null,
        userID: '41',
        userName: 'Customer',
        demoUse: '0',
        cartItems: [{ assetId: velvet, unitPrice: 9.99 }, { assetId: planets }],
        redirect_url: 'cart',
      },
    };
    const ownToken = newGuestToken('support-import');
    rememberGuest({ guestToken: ownToken });
    const app = await startApp('/events?support=1');
    store = app.store;
    await dialog();
    await choose(JSON.stringify(exported));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Imported: 2 cart items, redirect marker 'cart'. Opening /cart.",
    );
    await waitFor(() => expect([...store!.getState().cart.lines.ids].sort()).toEqual([velvet, planets].sort()), {
      timeout: 10_000,
    });
    expect(app.router.state.location.pathname).toBe('/cart');
    expect(localStorage.getItem('redirect_url')).toBe('cart');
    expect(localStorage.getItem('demoUse')).toBe('0');
    // Identity stays this browser's own: no user id, this guest's token.
    expect(localStorage.getItem('userID')).toBeNull();
    expect(localStorage.getItem('auth_token')).toBe(ownToken);
    // The cart's key is in the state with the first add; redux-persist writes it out a tick later.
    await waitFor(() => expect(localStorage.getItem('guest_cart_token')).toEqual(expect.any(String)));
  },
);

it('Ctrl+Alt+Shift+S opens the panel from any page; Close shuts it', async () => {
  rememberGuest({ guestToken: newGuestToken('support-key') });
  const app = await startApp('/events');
  store = app.store;
  await screen.findByRole('link', { name: /upcoming events/i }, { timeout: 10_000 }).catch(() => undefined);
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.keyDown(window, { key: 'S', code: 'KeyS', ctrlKey: true, altKey: true, shiftKey: true });
  await userEvent.click(within(await dialog()).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
});
