import { screen, within } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import { startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM, eventId } from '../../../utils/clientCart';
import { newBuyer, rememberBuyer, voucherOrder } from '../../../utils/clientCheckout';

/** docs/behaviour.md §2 "Profile" order history: the table with its columns, or the empty state. */

let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

it("a user without orders sees the empty state: 'No order history', the line and Browse Events", async () => {
  const buyer = await newBuyer('history-empty');
  rememberBuyer(buyer);
  const app = await startApp('/profile');
  store = app.store;
  expect(await screen.findByText('No order history', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.getByText("You haven't purchased access to any events yet")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it(
  'lists each order once: Order Id, the events bought (links to their pages), Status, Method in words, Amount, ' +
    'Purchased on (long US date, the day in New York) and a View link to /order/{cartId}',
  async () => {
    const buyer = await newBuyer('history-rows');
    // Two events in one order are one row (docs/behaviour.md §3: rows are per orderId).
    const order = await voucherOrder(buyer, [PREMIUM.velvet, PREMIUM.planets]);
    rememberBuyer(buyer);
    const app = await startApp('/profile');
    store = app.store;
    const table = await screen.findByRole('table', { name: 'Order History' }, { timeout: 10_000 });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order Id', 'Events', 'Status', 'Method', 'Amount', 'Purchased on', 'Info']);
    const rows = within(table).getAllByTestId('order-row');
    expect(rows).toHaveLength(1);
    const cells = Array.from(rows[0]!.querySelectorAll('th, td')).map((c) => c.textContent);
    const date = new Date(order.created).toLocaleDateString('en-US', {
      timeZone: 'America/New_York',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    // Both events, in event id order; the method as a buyer says it, not the wire's 'vouchers'.
    const bought = [
      { ...PREMIUM.velvet, id: await eventId(PREMIUM.velvet.path) },
      { ...PREMIUM.planets, id: await eventId(PREMIUM.planets.path) },
    ].sort((a, b) => a.id - b.id);
    expect(cells).toEqual([
      order.orderId,
      bought.map((e) => e.title).join(''),
      'Paid',
      'Coupon (100\u00a0%\u00a0off)',
      '$0.00',
      date,
      'View',
    ]);
    for (const event of bought)
      expect(within(rows[0]!).getByRole('link', { name: event.title })).toHaveAttribute('href', `/events/${event.id}`);
    expect(within(rows[0]!).getByRole('link', { name: `View order ${order.orderId}` })).toHaveAttribute(
      'href',
      `/order/${order.cartId}`,
    );
    expect(screen.queryByText('No order history')).not.toBeInTheDocument();
    // Each cell names its column, for the cards a phone shows instead of the table (e2e/checkout measures them).
    expect(Array.from(rows[0]!.querySelectorAll('th, td')).map((c) => c.getAttribute('data-label'))).toEqual([
      'Order Id',
      'Events',
      'Status',
      'Method',
      'Amount',
      'Purchased on',
      'Info',
    ]);
  },
);
