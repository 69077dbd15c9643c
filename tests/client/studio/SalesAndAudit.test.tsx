import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../src/client/app/store';
import type { StudioEvent } from '../../../src/shared/contract/studioEvents';
import { startApp, stopApp } from '../../utils/clientApp';
import { rememberBuyer, type Buyer } from '../checkout/checkoutHelpers';
import { axeViolations, cardOrder, createEvent, newOrganizer, studioCall } from './studioHelpers';

/**
 * Sales for one event after a real purchase (figures and the chart's days), and the audit log:
 * newest first, what changed, and paging back with "Older".
 */
jest.setTimeout(90_000);
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
  expect(await screen.findByRole('heading', { level: 1, name: 'Sales' }, { timeout: 10_000 })).toBeInTheDocument();
  await screen.findByText('Tickets sold', { selector: 'dt' }, { timeout: 10_000 });
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

it('lists organizer actions newest first with what changed, and pages back with Older', async () => {
  const made: StudioEvent[] = [];
  // A venue no other test uses: other files' entries interleave with these.
  const venue = `Hall ${Date.now()}`;
  for (let i = 0; i < 50; i += 1) made.push(await createEvent(organizer, { title: `Audit ${Date.now()} ${i}` }));
  const last = made[made.length - 1]!;
  const edited = await studioCall(organizer, 'PUT', `/events/${last.id}`, {
    title: last.title,
    contentType: 'VOD',
    venue,
    version: last.version,
  });
  expect(edited.status).toBe(200);

  await open('/studio/audit');
  const table = await screen.findByRole('table', { name: 'Audit log' }, { timeout: 10_000 });
  const rows = () => within(table).getAllByRole('row').slice(1);
  expect(rows()).toHaveLength(50);
  const update = rows().find((r) => r.textContent?.includes('event.update') && r.textContent.includes(String(last.id)));
  expect(update).toBeDefined();
  expect(update).toHaveTextContent(organizer.email);
  expect(update).toHaveTextContent(`venue: "" → ${venue}`);
  // Newest first: the update comes before the event's creation.
  const texts = rows().map((r) => r.textContent ?? '');
  const created = texts.findIndex((t) => t.includes('event.create') && t.includes(`event ${last.id}`));
  expect(texts.indexOf(update!.textContent!)).toBeLessThan(created);
  expect(await axeViolations()).toEqual([]);

  expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Older' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled());
  const older = () =>
    within(screen.getByRole('table', { name: 'Audit log' }))
      .getAllByRole('row')
      .slice(1);
  await waitFor(() => expect(older().some((r) => r.textContent?.includes(`event ${made[0]!.id}`))).toBe(true));
  expect(older().some((r) => r.textContent?.includes(venue))).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
  await waitFor(() => expect(screen.getByRole('table', { name: 'Audit log' })).toHaveTextContent(venue));
});
