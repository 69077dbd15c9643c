import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { formatLongUsDate } from '../../../../src/shared/format';
import { startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';

/** The printable receipt: signed-in only, the owner's order, a Print button, reached from the order page. */

let store: AppStore | undefined;
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

it('shows the order id, date, buyer, items at list and paid price, coupon, method and total, and prints', async () => {
  const buyer = await newBuyer('receipt');
  const order = await voucherOrder(buyer, [PREMIUM.velvet, PREMIUM.planets]);
  rememberBuyer(buyer);
  const print = jest.spyOn(window, 'print').mockImplementation(() => {});
  const app = await startApp(`/order/${order.cartId}/receipt`);
  store = app.store;
  expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText('AllAccess')).toBeInTheDocument();
  expect(row('Order Id')).toBe(order.orderId);
  expect(row('Date')).toBe(formatLongUsDate(order.created));
  expect(row('Status')).toBe('Paid');
  expect(row('Billed to')).toContain(buyer.email);
  expect(row('Method')).toBe('Coupon (100\u00a0%\u00a0off)');
  const lines = screen.getAllByTestId('receipt-item').map((line) => within(line));
  expect(lines.map((l) => l.getByText(/Velvet|Planets/).textContent)).toEqual([
    PREMIUM.velvet.title,
    PREMIUM.planets.title,
  ]);
  expect(lines.map((l) => l.getByTestId('receipt-list-price').textContent)).toEqual(['$9.99', '$12.00']);
  expect(lines.map((l) => l.getByTestId('receipt-paid-price').textContent)).toEqual(['$0.00', '$0.00']);
  expect(row('Subtotal')).toBe('$21.99');
  expect(row('Coupon FREEPASS')).toBe('-$21.99');
  expect(row('Total paid')).toBe('$0.00');
  expect(screen.getByRole('columnheader', { name: 'List price' })).toBeInTheDocument();
  expect(document.title).toBe('Receipt — AllAccess');
  expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');

  await userEvent.click(screen.getByRole('button', { name: 'Print' }));
  expect(print).toHaveBeenCalledTimes(1);
  await userEvent.click(screen.getByRole('link', { name: 'Back to the order' }));
  await waitFor(() => expect(app.router.state.location.pathname).toBe(`/order/${order.cartId}`));
  // The order page links back to its receipt.
  expect(await screen.findByRole('link', { name: 'Printable receipt' }, { timeout: 10_000 })).toHaveAttribute(
    'href',
    `/order/${order.cartId}/receipt`,
  );
});

it("another user's order is not found, and shows nothing of it", async () => {
  const owner = await newBuyer('receipt-owner');
  const order = await voucherOrder(owner, [PREMIUM.velvet]);
  rememberBuyer(await newBuyer('receipt-other'));
  const app = await startApp(`/order/${order.cartId}/receipt`);
  store = app.store;
  expect(await screen.findByText('This order could not be found.', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByText(order.orderId)).not.toBeInTheDocument();
});

it('a guest is sent to sign in', async () => {
  const app = await startApp('/order/1/receipt');
  store = app.store;
  await waitFor(() => expect(app.router.state.location.pathname).toBe('/sign-in'));
});
