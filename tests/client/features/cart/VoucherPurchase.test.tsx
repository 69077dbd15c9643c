import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import type { OrderHistoryPage } from '../../../../src/shared/contract/orders';
import { recordToasts, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, callApi } from '../../../utils/clientCart';
import { fillCart, newBuyer, recordOrderBodies, rememberBuyer } from '../../../utils/clientCheckout';

/** docs/behaviour.md §2 "Cart" 'Purchase Tickets' and §6: a cart its coupon pays in full is bought with vouchers. */

let store: AppStore | undefined;
let toasts: ReturnType<typeof recordToasts>;
beforeEach(() => {
  toasts = recordToasts();
});
afterEach(async () => {
  toasts.stop();
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

it("a signed-in user's 'Purchase Tickets' creates a voucher order: toast, cart cleared, /profile", async () => {
  const buyer = await newBuyer('voucher');
  await fillCart(buyer, [PREMIUM.canyon], 'FREEPASS');
  rememberBuyer(buyer);
  // The name the browser stored is stale; the session token's is the one billed (docs/behaviour.md §3: the token
  // decodes to the
  // name).
  localStorage.setItem('userName', 'Someone Else');
  const sent = recordOrderBodies();
  const app = await startApp('/cart');
  store = app.store;
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Purchase Tickets' }, { timeout: 10_000 }));
  await waitFor(() => expect(toasts.seen).toContain('Payment processed successfully.'), { timeout: 10_000 });
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/profile'));
  await waitFor(() => expect(JSON.parse(localStorage.getItem('cartItems') ?? 'null')).toEqual([]));

  const history = await callApi<OrderHistoryPage>(`/order/history?userId=${buyer.userId}`, buyer.token);
  expect(history.data.data).toHaveLength(1);
  expect(history.data.data[0]).toMatchObject({ payment_method: 'vouchers', rate: 0 });
  expect(history.data.data[0]!.orderId).toMatch(/^ORD-\d+$/);
  expect((await callApi(`/cart?user_id=${buyer.userId}`, buyer.token)).data.items).toEqual([]);
  expect(sent.bodies).toEqual([
    expect.objectContaining({
      userId: buyer.userId,
      paymentMethod: 'vouchers',
      amount: 0,
      orderId: history.data.data[0]!.orderId,
      billingName: 'Bea Buyer',
      billingEmail: buyer.email.toLowerCase(),
    }),
  ]);
});

it('sign-in after the voucher marker goes back to /cart', async () => {
  localStorage.setItem('redirect_url', 'vocher');
  const buyer = await newBuyer('voucher-back');
  rememberBuyer(buyer);
  // Already signed in: the sign-in page sends the visitor on as after a sign-in (docs/behaviour.md §2 "Sign-in").
  const app = await startApp('/sign-in');
  store = app.store;
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/cart'), { timeout: 10_000 });
});
