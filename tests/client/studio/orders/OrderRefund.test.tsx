import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import type { StudioOrderDetail } from '../../../../src/shared/contract/studioSales';
import { studioPaths } from '../../../../src/client/studio/studioPaths';
import { recordToasts, requestedUrls, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM } from '../../../utils/clientCart';
import { rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { axeViolations, cardOrder, newOrganizer, studioCall } from '../../../utils/clientStudio';

/**
 * Orders: found by the buyer's e-mail; an order's detail with its lines, payment and state; the
 * Refund behind its question, one call however fast the clicks, then 'Refunded'.
 */
jest.setTimeout(60_000);
let store: AppStore | undefined;
let organizer: Buyer;
beforeAll(async () => {
  organizer = await newOrganizer('organizer-orders');
});
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

async function open(path: string) {
  rememberBuyer(organizer);
  const app = await startApp(path);
  store = app.store;
  return app;
}

/** The value of a term in the order's facts (a description list). */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

it("finds an order by the buyer's e-mail and opens its detail", async () => {
  const order = await cardOrder('orders-search', [PREMIUM.velvet]);
  const app = await open('/studio/orders');
  const grid = await screen.findByRole('grid', { name: 'Orders' }, { timeout: 10_000 });
  await userEvent.click(screen.getByRole('searchbox', { name: 'Search by e-mail or order id' }));
  await userEvent.paste(order.buyer.email);
  // The header and the one order found (the rows shown before the search answered held it too).
  await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(2));
  const link = within(grid).getByRole('link', { name: order.orderId });
  expect(link.closest('[role="row"]')).toHaveTextContent(PREMIUM.velvet.title);
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(link);
  expect(await screen.findByRole('heading', { level: 1, name: `Order ${order.orderId}` })).toBeInTheDocument();
  expect(app.router.state.location.pathname).toMatch(/^\/studio\/orders\/\d+$/);
});

it('keeps the grid still while a search is typed: a key redraws the box, not every cell', async () => {
  const order = await cardOrder('orders-typing', [PREMIUM.canyon]);
  await open('/studio/orders');
  const grid = await screen.findByRole('grid', { name: 'Orders' }, { timeout: 10_000 });
  const box = screen.getByRole('searchbox', { name: 'Search by e-mail or order id' });
  await userEvent.click(box);
  await userEvent.paste(order.buyer.email);
  await waitFor(() => expect(grid.querySelectorAll('[role="row"]')).toHaveLength(2));
  // Each drawing of an order's cell builds the link to its page.
  const drawn = jest.spyOn(studioPaths, 'order');
  // Spaces after the address: every key changes the box and the page, never the search (it is trimmed).
  await userEvent.type(box, '   ');
  expect(box).toHaveValue(`${order.buyer.email}   `);
  expect(drawn).not.toHaveBeenCalled();
});

it('refunds once under a double click on the dialog, then shows Refunded', async () => {
  const order = await cardOrder('orders-refund', [PREMIUM.planets]);
  await open(`/studio/orders/${order.orderId}`);
  await screen.findByRole('heading', { level: 1, name: `Order ${order.orderId}` }, { timeout: 10_000 });
  const lines = screen.getByRole('table', { name: 'Lines' });
  expect(lines).toHaveTextContent(PREMIUM.planets.title);
  expect(lines).toHaveTextContent('$12.00');
  expect(fact('Payment')).toHaveTextContent(/^Paid$/);
  expect(fact('Payment method')).toHaveTextContent(/^Card$/);
  expect(fact('Amount paid')).toHaveTextContent('$12.00');
  expect(fact('Coupon')).toHaveTextContent('None');
  expect(await axeViolations()).toEqual([]);

  const toasts = recordToasts();
  const spy = jest.spyOn(globalThis, 'fetch');
  const refund = screen.getByRole('button', { name: 'Refund' });
  await userEvent.click(refund);
  const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
  expect(dialog).toHaveTextContent(`Refund $12.00 to ${order.buyer.email}? Access ends at once.`);
  expect(await axeViolations()).toEqual([]);
  await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Refund' }));

  await waitFor(() => expect(screen.getByTestId('order-status')).toHaveTextContent('Refunded'));
  await waitFor(() => expect(toasts.seen).toContain(`Refunded $12.00 to ${order.buyer.email}.`));
  expect(requestedUrls(spy).filter((u) => u.endsWith('/refund'))).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const after = await studioCall<StudioOrderDetail>(organizer, 'GET', `/orders/${order.orderId}`);
  expect(after.data.payment.state).toBe('refunded');
  expect(fact('Payment')).toHaveTextContent(/^Refunded$/);
  expect(toasts.seen.filter((t) => /refund/i.test(t))).toHaveLength(1);
  toasts.stop();
});
