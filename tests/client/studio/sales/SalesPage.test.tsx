import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { startApp, stopApp } from '../../../utils/clientApp';
import { rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { axeViolations, cardOrder, createEvent, newOrganizer, studioCall } from '../../../utils/clientStudio';

/** The console's Sales for one event after a real purchase: its figures and the chart's days. */
jest.setTimeout(180_000);
let store: AppStore | undefined;
let organizer: Buyer;
beforeAll(async () => {
  organizer = await newOrganizer('organizer-sales');
});
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

async function open(path: string) {
  rememberBuyer(organizer);
  const app = await startApp(path);
  store = app.store;
  return app;
}
const figure = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

it("shows one event's figures and its sales per day after a purchase", async () => {
  const event = await createEvent(organizer, {
    title: `Sales ${Date.now()}`,
    isPremium: true,
    price: 20,
    capacity: 10,
  });
  expect((await studioCall(organizer, 'POST', `/events/${event.id}/publish`)).status).toBe(200);
  await cardOrder('sales-buyer', [{ path: event.path }]);

  await open('/studio/sales');
  expect(await screen.findByRole('heading', { level: 1, name: 'Sales' })).toBeInTheDocument();
  await screen.findByText('Tickets sold', { selector: 'dt' });
  await userEvent.click(screen.getByRole('combobox', { name: 'Event' }));
  await userEvent.click(await screen.findByRole('option', { name: event.title }));
  await waitFor(() => expect(figure('Revenue')).toHaveTextContent('$20.00'));
  expect(figure('Tickets sold')).toHaveTextContent(/^1$/);
  expect(figure('Refunds')).toHaveTextContent('0 · $0.00');
  expect(figure('Coupon uses')).toHaveTextContent(/^0$/);
  expect(figure('Capacity left')).toHaveTextContent(/^9$/);
  expect(screen.getByRole('heading', { level: 2, name: 'Sales over time' })).toBeInTheDocument();
  const today = new Date().toISOString().slice(0, 10);
  const days = screen.getByRole('table', { name: 'Sales per day' });
  expect(within(days).getByRole('row', { name: `${today} 1 $20.00` })).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
});
