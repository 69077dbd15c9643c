import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { STUDIO_EVENT_MESSAGES } from '../../../../src/shared/contract/studioEvents';
import { ATTENDEE_CSV_COLUMNS } from '../../../../src/shared/contract/studioSales';
import * as eventColumnsModule from '../../../../src/client/studio/events/eventColumns';
import { recordToasts, startApp, stopApp } from '../../../utils/clientApp';
import { PREMIUM } from '../../../utils/clientCart';
import { rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { axeViolations, cardOrder, createEvent, newOrganizer, studioCall } from '../../../utils/clientStudio';

/**
 * The console's events list: a Data Grid the server searches, filters by status and sorts; row
 * actions with a confirm dialog for Delete, whose refusal after sales is the server's sentence.
 */
jest.setTimeout(120_000);
let store: AppStore | undefined;
let organizer: Buyer;
const prefix = `Gridtest${Date.now()}`;

beforeAll(async () => {
  organizer = await newOrganizer('organizer-events');
  await createEvent(organizer, { title: `${prefix} Alpha`, capacity: 300 });
  const beta = await createEvent(organizer, { title: `${prefix} Beta`, isPremium: true, price: 12.5 });
  const published = await studioCall(organizer, 'POST', `/events/${beta.id}/publish`);
  if (published.status !== 200) throw new Error(`publish: ${published.message}`);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

async function openList() {
  rememberBuyer(organizer);
  const app = await startApp('/studio/events');
  store = app.store;
  const grid = await screen.findByRole('grid', { name: 'Events' }, { timeout: 20_000 });
  return { grid, app };
}
/** Types into the search box at once (a paste), as the grid re-renders on every key otherwise. */
async function search(text: string) {
  await userEvent.click(screen.getByRole('searchbox', { name: 'Search events' }));
  await userEvent.paste(text);
}
const rowOf = (title: string) =>
  screen.getByText(title, { selector: '[role="gridcell"]' }).closest('[role="row"]') as HTMLElement;
/**
 * The titles shown, top to bottom. Read from the cells' markup rather than by role: waitFor runs this
 * on every change to the grid, and a role query over a grid's cells takes long enough on a loaded
 * machine to hold up the very renders it waits for.
 */
const titles = (grid: HTMLElement) =>
  Array.from(grid.querySelectorAll('[role="gridcell"][data-field="title"]'), (cell) => cell.textContent);

it('searches, filters by status and shows each row: status, type, price, sold over capacity', async () => {
  const { grid } = await openList();
  await search(prefix);
  await waitFor(() => expect(titles(grid).sort()).toEqual([`${prefix} Alpha`, `${prefix} Beta`]));
  // Newest first until a column is sorted.
  expect(titles(grid)).toEqual([`${prefix} Beta`, `${prefix} Alpha`]);
  const alpha = rowOf(`${prefix} Alpha`);
  expect(alpha).toHaveTextContent('Draft');
  expect(alpha).toHaveTextContent('0 / 300');
  expect(alpha).toHaveTextContent('Free');
  const beta = rowOf(`${prefix} Beta`);
  expect(beta).toHaveTextContent('Published');
  expect(beta).toHaveTextContent('VOD · premium');
  expect(beta).toHaveTextContent('$12.50');
  expect(beta).toHaveTextContent('0 / ∞');
  expect(within(beta).getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  // The grid is one stop in the tab order (its arrows move inside): no row's action is a stop of its own.
  expect(grid.querySelectorAll('[tabindex="0"]').length).toBeLessThanOrEqual(1);
  expect(within(alpha).getByRole('button', { name: 'Publish' })).toBeInTheDocument();

  // Sorted by the server: the title's header, ascending then descending.
  await userEvent.click(within(grid).getByRole('columnheader', { name: /Title/ }));
  await waitFor(() => expect(titles(grid)).toEqual([`${prefix} Alpha`, `${prefix} Beta`]));
  await userEvent.click(within(grid).getByRole('columnheader', { name: /Title/ }));
  await waitFor(() => expect(titles(grid)).toEqual([`${prefix} Beta`, `${prefix} Alpha`]));

  await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Published' }));
  await waitFor(() => expect(titles(grid)).toEqual([`${prefix} Beta`]));

  expect(screen.getByRole('link', { name: 'New event' })).toHaveAttribute('href', '/studio/events/new');
  expect(await axeViolations()).toEqual([]);
});

it("keeps the grid's columns while a search is typed: a key redraws the box, not every cell", async () => {
  const { grid } = await openList();
  await search(prefix);
  await waitFor(() => expect(titles(grid).sort()).toEqual([`${prefix} Alpha`, `${prefix} Beta`]));
  const built = jest.spyOn(eventColumnsModule, 'eventColumns');
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search events' }), ' Alpha');
  await waitFor(() => expect(titles(grid)).toEqual([`${prefix} Alpha`]));
  expect(built).not.toHaveBeenCalled();
});

it('publishes from the row, and deletes a draft after the confirm dialog', async () => {
  const gamma = await createEvent(organizer, { title: `${prefix} Gamma` });
  const { grid } = await openList();
  const toasts = recordToasts();
  await search(`${prefix} Gamma`);
  await waitFor(() => expect(titles(grid)).toEqual([`${prefix} Gamma`]));

  await userEvent.click(within(rowOf(`${prefix} Gamma`)).getByRole('button', { name: 'Publish' }));
  await waitFor(() => expect(toasts.seen).toContain(`“${prefix} Gamma” is published.`));
  await waitFor(() => expect(rowOf(`${prefix} Gamma`)).toHaveTextContent('Published'));

  await userEvent.click(within(rowOf(`${prefix} Gamma`)).getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(toasts.seen).toContain(`“${prefix} Gamma” was deleted.`));
  await waitFor(() => expect(titles(grid)).toEqual([]));
  expect((await studioCall(organizer, 'GET', `/events/${gamma.id}`)).status).toBe(404);
  toasts.stop();
});

it("refuses to delete an event with orders: the server's sentence in a toast, the event kept", async () => {
  await cardOrder('sold-event-buyer', [PREMIUM.canyon]);
  const { grid } = await openList();
  const toasts = recordToasts();
  await search(PREMIUM.canyon.title);
  await waitFor(() => expect(titles(grid)).toEqual([PREMIUM.canyon.title]));
  await userEvent.click(within(rowOf(PREMIUM.canyon.title)).getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this event?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(toasts.seen).toContain(STUDIO_EVENT_MESSAGES.deleteAfterSale));
  // The list is read again after the refusal: the event is still there.
  await waitFor(() => expect(titles(grid)).toEqual([PREMIUM.canyon.title]));
  toasts.stop();
});

it("downloads an event's attendees as a CSV file with the organizer's token", async () => {
  const order = await cardOrder('attendee-buyer', [PREMIUM.velvet]);
  const { grid } = await openList();
  // The file handed to the link is caught here instead of saved (the browser's download).
  const files: Blob[] = [];
  jest.spyOn(URL, 'createObjectURL').mockImplementation((b) => (files.push(b as Blob), 'blob:attendees'));
  jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    expect(this.download).toMatch(/\.csv$/);
  });
  await search(PREMIUM.velvet.title);
  await waitFor(() => expect(titles(grid)).toEqual([PREMIUM.velvet.title]));
  await userEvent.click(within(rowOf(PREMIUM.velvet.title)).getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Download attendees CSV' }));
  await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
  const csv = await files[0]!.text();
  expect(csv.split(/\r?\n/)[0]).toBe(ATTENDEE_CSV_COLUMNS.join(','));
  expect(csv).toContain(order.orderId);
  expect(csv).toContain(order.buyer.email);
  jest.restoreAllMocks();
});
