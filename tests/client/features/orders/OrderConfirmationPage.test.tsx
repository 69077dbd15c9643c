import { act, screen } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import type { OrderLookupRow } from '../../../../src/shared/contract/orders';
import { eventually, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, apiCalls, callApi, eventId } from '../../../utils/clientCart';
import { fillCart, newBuyer, paidIntent, rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { fakeOnly } from '../../../utils/fakeTimers';

/**
 * docs/behaviour.md §2 "Order confirmation" and §4 "Confirmation page state": 1 success, 2 failed, 3 pending;
 * 10 s then the event.
 */

let buyer: Buyer;
beforeAll(async () => {
  buyer = await newBuyer('confirmation');
});
let store: AppStore | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  jest.useRealTimers();
  await stopApp(store);
  store = undefined;
});

const status = () => screen.getByRole('status');

async function open(query: string, eventIdValue: number | string = 7) {
  rememberBuyer(buyer);
  const app = await startApp(`/order-confirmation/${eventIdValue}${query}`);
  store = app.store;
  return app;
}

it('succeeded: Success, thanks, the e-mail line and the countdown from 10', async () => {
  await open('?redirect_status=succeeded');
  expect(await screen.findByRole('heading', { level: 1, name: 'Your payment has been Success.' })).toBeInTheDocument();
  expect(screen.getByText('Thank you fro purchase.')).toBeInTheDocument();
  expect(screen.getByText('Please check your email for your ticket and additional information.')).toBeInTheDocument();
  expect(status()).toHaveTextContent('Redirecting to event page in 10 seconds...');
  expect(status()).toHaveAttribute('aria-live', 'polite');
});

it.each([
  ['failed', 'Your payment has been failed.'],
  ['processing', 'Your payment has been pending.'],
  ['', 'Your payment has been pending.'],
])('redirect_status %j shows %j and no thanks', async (value, heading) => {
  await open(value ? `?redirect_status=${value}` : '');
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(screen.queryByText('Thank you fro purchase.')).not.toBeInTheDocument();
});

it('counts down once a second and then goes to the event page', async () => {
  // Only the interval is faked: the app's requests and React keep the real clock.
  fakeOnly('intervals');
  const { router } = await open('?redirect_status=failed', 42);
  await eventually(() => expect(status()).toHaveTextContent('Redirecting to event page in 10 seconds...'));
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  expect(status()).toHaveTextContent('Redirecting to event page in 9 seconds...');
  for (let i = 0; i < 8; i += 1)
    act(() => {
      jest.advanceTimersByTime(1000);
    });
  expect(status()).toHaveTextContent('Redirecting to event page in 1 seconds...');
  expect(router.state.location.pathname).toBe('/order-confirmation/42');
  act(() => {
    jest.advanceTimersByTime(1000);
  });
  await eventually(() => expect(router.state.location.pathname).toBe('/events/42'));
});

it('back from authentication with payment_intent: the order is created once and the cart cleared', async () => {
  const cart = await fillCart(buyer, [PREMIUM.canyon]);
  const intentId = await paidIntent(buyer, cart);
  const canyon = await eventId(PREMIUM.canyon.path);
  const spy = jest.spyOn(globalThis, 'fetch');
  await open(`?payment_intent=${intentId}&payment_intent_client_secret=x&redirect_status=succeeded`, canyon);
  const orderCalls = () => apiCalls(spy).filter((call) => call === 'POST /v1/order/createCartOrder');
  await eventually(() => expect(orderCalls()).toHaveLength(1));
  await eventually(() => expect(store!.getState().cart.lines.ids).toEqual([]));
  const lookup = await callApi<OrderLookupRow[]>(
    `/order?filter=${encodeURIComponent(JSON.stringify({ userId: buyer.userId, assetId: canyon }))}`,
    buyer.token,
  );
  expect(lookup.data).toHaveLength(1);
  expect(lookup.data[0]).toMatchObject({ paymentMethod: 'stripe', usageType: 'Paid' });
  // Re-rendering (a second answer of the cart) sends nothing more.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 300));
  });
  expect(orderCalls()).toHaveLength(1);
});

it('a guest is sent to sign in', async () => {
  const app = await startApp('/order-confirmation/3?redirect_status=succeeded');
  store = app.store;
  await eventually(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
});
