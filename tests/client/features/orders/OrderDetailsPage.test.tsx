import { screen, waitFor, within } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import { formatLongUsDate } from '../../../../src/shared/format';
import { startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, apiCalls } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';

/** docs/behaviour.md §2 "Order details": login required; the order read-only, with terms and privacy links. */

let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

it(
  'shows the order read-only: its events and prices as bought, id, status, method, date, totals and the ' + 'links',
  async () => {
    const buyer = await newBuyer('details');
    const order = await voucherOrder(buyer, [PREMIUM.velvet, PREMIUM.planets]);
    rememberBuyer(buyer);
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const app = await startApp(`/order/${order.cartId}`);
    store = app.store;
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument();
    const list = within(await screen.findByRole('list', { name: 'Events in this order' }, { timeout: 10_000 }));
    // docs/behaviour.md §7: the page reads the order's cart by id; and what the fan may still change.
    expect(apiCalls(fetchSpy).filter((c) => c.includes('/cart/') || c.includes('/order/'))).toEqual([
      `GET /v1/cart/${order.cartId}`,
      `GET /v1/order/${order.cartId}/manage`,
    ]);
    fetchSpy.mockRestore();
    expect(list.getByRole('link', { name: PREMIUM.velvet.title })).toBeInTheDocument();
    expect(list.getByRole('link', { name: PREMIUM.planets.title })).toBeInTheDocument();
    // Bought with a 100 % coupon: each line its list price struck through, and the $0.00 paid for it.
    const lines = list.getAllByTestId('order-item').map((line) => within(line));
    expect(lines.map((l) => l.getByTestId('order-item-list-price').textContent)).toEqual([
      'List price $9.99',
      'List price $12.00',
    ]);
    expect(lines.map((l) => l.getByTestId('order-item-list-price').tagName)).toEqual(['S', 'S']);
    expect(lines.map((l) => l.getByTestId('order-item-paid-price').textContent)).toEqual([
      'After discount $0.00',
      'After discount $0.00',
    ]);
    expect(fact('Order Id')).toBe(order.orderId);
    expect(fact('Status')).toBe('Paid');
    expect(fact('Method')).toBe('Coupon (100\u00a0%\u00a0off)');
    expect(fact('Purchased on')).toBe(formatLongUsDate(order.created));
    expect(fact('Subtotal')).toBe('$21.99');
    expect(fact('Coupon')).toBe('-$21.99');
    expect(fact('Total')).toBe('$0.00');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms/3');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy/2');
    // As bought: no remove, checkout or coupon buttons (the Manage section's cancel and transfer are its own).
    expect(screen.queryByRole('button', { name: /Remove|Checkout|Purchase|promo/ })).not.toBeInTheDocument();
  },
);

it('a guest is sent to sign in, without a purchase marker', async () => {
  const app = await startApp('/order/1');
  store = app.store;
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
  expect(localStorage.getItem('redirect_url')).toBeNull();
});
