import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { AssetDetail } from '../../../../../src/shared/contract/catalog';
import type { WaitlistStatus } from '../../../../../src/shared/contract/waitlist';
import { formatEventDateTime } from '../../../../../src/shared/format';
import { makeStore } from '../../../../../src/client/app/store';
import { WAITLIST_COPY, WaitlistPanel } from '../../../../../src/client/features/catalog/event/WaitlistPanel';
import { preloaded, renderWithProviders } from '../../../../utils/renderWithProviders';
import { axeViolations } from '../../../../utils/clientStudio';

/**
 * The waiting list's panel under 'Sold Out' (docs/decisions.md "After the purchase"): signed out, a
 * way to sign in; signed in, join, the place in line, leave; held, until when and to checkout (the
 * event put in the cart first). The server's answers are played by a fake of /v1/waitlist and
 * /v1/cart (the server's own rules: tests/server/modules/waitlist/waitlist.test.ts).
 */
const EVENT = { id: 4321, isPremium: 1, soldOut: 1, title: 'Sold Out Show' } as unknown as AssetDetail;
const HELD_UNTIL = '2026-12-01T20:30:00.000Z';

type Call = { method: string; url: string };
let calls: Call[];
let state: WaitlistStatus;
const answer = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status === 200, message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  calls = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url).pathname;
    calls.push({ method: request.method, url });
    if (url === `/v1/waitlist/${EVENT.id}`) {
      if (request.method === 'POST') state = { state: 'waiting', place: 3, heldUntil: null };
      if (request.method === 'DELETE') state = { state: 'none', place: null, heldUntil: null };
      return answer(state);
    }
    if (url === '/v1/cart' && request.method === 'POST') {
      return answer({ id: 1, items: [], cartToken: null, coupon: null, version: 2, totals: {} });
    }
    return answer(null, 404);
  });
});
afterEach(() => jest.restoreAllMocks());

function renderPanel(signedIn: boolean) {
  const store = makeStore(
    preloaded({
      auth: signedIn
        ? { authToken: 'guest', userToken: 'user', userId: '77', userName: 'Fan' }
        : { authToken: 'guest' },
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/events/x', element: <WaitlistPanel event={EVENT} /> },
      { path: '/checkout', element: <h1>Checkout page</h1> },
      { path: '/sign-in', element: <h1>Sign-in page</h1> },
    ],
    { initialEntries: ['/events/x'] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />, { store }) };
}

it('signed out: a link to sign in, and no call of the waiting list', async () => {
  const { router } = renderPanel(false);
  const link = screen.getByRole('link', { name: WAITLIST_COPY.signIn });
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(link);
  expect(router.state.location.pathname).toBe('/sign-in');
  expect(calls).toEqual([]);
});

it('signed in: join with the keyboard, read the place in line, leave', async () => {
  state = { state: 'none', place: null, heldUntil: null };
  renderPanel(true);
  const join = await screen.findByRole('button', { name: WAITLIST_COPY.join });
  expect(await axeViolations()).toEqual([]);
  join.focus();
  await userEvent.keyboard('{Enter}');
  expect(await screen.findByText(WAITLIST_COPY.place(3))).toBeInTheDocument();
  expect(screen.getByText("You're number 3 in line. We'll e-mail you if a seat opens up.")).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: WAITLIST_COPY.leave }));
  expect(await screen.findByRole('button', { name: WAITLIST_COPY.join })).toBeInTheDocument();
  expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'DELETE']);
});

it('held: until when, and Go to checkout puts the event in the cart and opens checkout', async () => {
  state = { state: 'held', place: null, heldUntil: HELD_UNTIL };
  const { router } = renderPanel(true);
  expect(await screen.findByText(`A seat is held for you until ${formatEventDateTime(HELD_UNTIL)}.`)).toBeVisible();
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: WAITLIST_COPY.checkout }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  expect(calls).toContainEqual({ method: 'POST', url: '/v1/cart' });
});

it("a refused join shows the server's sentence and stays joinable", async () => {
  state = { state: 'none', place: null, heldUntil: null };
  jest.spyOn(console, 'error').mockImplementation(() => {});
  renderPanel(true);
  const join = await screen.findByRole('button', { name: WAITLIST_COPY.join });
  const refusal = 'This event is not sold out: you can buy a ticket now.';
  (globalThis.fetch as jest.Mock).mockImplementationOnce(
    async () => new Response(JSON.stringify({ success: false, message: refusal, data: null }), { status: 409 }),
  );
  await userEvent.click(join);
  expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  expect(screen.getByRole('button', { name: WAITLIST_COPY.join })).toBeEnabled();
});

it('shows nothing on an event that is not sold out', () => {
  const store = makeStore(preloaded());
  const router = createMemoryRouter([{ path: '/', element: <WaitlistPanel event={{ ...EVENT, soldOut: 0 }} /> }]);
  renderWithProviders(<RouterProvider router={router} />, { store });
  expect(screen.queryByRole('region', { name: 'Waiting list' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
