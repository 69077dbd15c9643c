import { screen, waitFor } from '@testing-library/react';
import type { AppStore } from '../../../../../src/client/app/store';
import { startApp, stopApp } from '../../../../utils/clientApp';
import { PREMIUM, apiCalls, callApi, eventId } from '../../../../utils/clientCart';
import { poll } from '../../../../../e2e/support/waitUntil';
import { fillCart, newBuyer, rememberBuyer, voucherOrder } from '../../../../utils/clientCheckout';

/** docs/behaviour.md §4 "Access" and §9 seats on the event page, for signed-in users against the real server. */

let store: AppStore | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

it('a bought premium event offers Play and no price', async () => {
  const buyer = await newBuyer('owned');
  await voucherOrder(buyer, [PREMIUM.planets]);
  rememberBuyer(buyer);
  const app = await startApp(`/events/${await eventId(PREMIUM.planets.path)}`);
  store = app.store;
  expect(await screen.findByRole('link', { name: 'Play' }, { timeout: 10_000 })).toHaveAttribute(
    'href',
    `/player/${PREMIUM.planets.path}`,
  );
  expect(screen.queryByTestId('price')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
});

it(
  "a signed-in user who has not bought it is looked up with the spec's GET /order: filter {userId, assetId} and " +
    'sortBy',
  async () => {
    const buyer = await newBuyer('not-bought');
    rememberBuyer(buyer);
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const id = await eventId(PREMIUM.velvet.path);
    const app = await startApp(`/events/${id}`);
    store = app.store;
    expect(await screen.findByRole('button', { name: 'Add to cart' }, { timeout: 10_000 })).toBeInTheDocument();
    const lookups = apiCalls(fetchSpy).filter((c) => c.startsWith('GET /v1/order?'));
    expect(lookups).toHaveLength(1);
    const query = new URLSearchParams(lookups[0]!.split('?')[1]);
    expect(JSON.parse(query.get('filter')!)).toEqual({ userId: buyer.userId, assetId: id });
    expect(query.get('sortBy')).toBe('-created');
  },
);

it(
  "a sold-out premium event shows a disabled 'Sold Out' instead of Add to cart; one already in the cart can " +
    'still be removed',
  async () => {
    const amber = { path: 'amber-radio-intimate-evening' };
    const id = await eventId(amber.path);
    const waiting = await newBuyer('sold-out-waiting');
    await fillCart(waiting, [amber]); // in the cart before the last ticket went
    const late = await newBuyer('sold-out-late');
    // Amber Radio has 5 tickets (src/server/db/seed/demoEvents.ts); other buyers take every one.
    for (let i = 0; i < 5; i += 1) await voucherOrder(await newBuyer(`sold-out-${i}`), [amber]);
    // The event page's seats are at most a second old (catalog SEATS_ON_PAGE_MS): the page is opened
    // once the server's own answer says sold out.
    await poll(
      'the event page to say sold out',
      async () => (await callApi<{ soldOut: number }[]>(`/asset/${amber.path}`, late.token)).data[0]?.soldOut,
      (soldOut) => soldOut === 1,
      { timeout: 5_000 },
    );

    rememberBuyer(late);
    let app = await startApp(`/events/${id}`);
    store = app.store;
    expect(await screen.findByRole('button', { name: 'Sold Out' }, { timeout: 10_000 })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    await stopApp(store);
    app.unmount();
    localStorage.clear();

    rememberBuyer(waiting);
    app = await startApp(`/events/${id}`);
    store = app.store;
    expect(await screen.findByRole('button', { name: 'Remove from cart' }, { timeout: 10_000 })).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sold Out' })).not.toBeInTheDocument());
  },
);
