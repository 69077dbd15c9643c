import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { startApp, stopApp } from '../../../utils/clientApp';
import { rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { axeViolations, createEvent, newOrganizer, studioCall } from '../../../utils/clientStudio';

/** The console's audit log: newest first, what changed, and paging back with "Older". */
jest.setTimeout(180_000);
let store: AppStore | undefined;
let organizer: Buyer;
beforeAll(async () => {
  organizer = await newOrganizer('organizer-audit');
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
/** An audit row's action and subject cells, exactly: "event 12" is not "event 123". */
const isEntry = (row: HTMLTableRowElement, action: string, eventId: number) =>
  row.cells[2]?.textContent === action && row.cells[3]?.textContent === `event ${eventId}`;
/**
 * The audit entries on screen, read from the table's markup: waitFor runs this on every change to the
 * page, and a role query over 50 rows is slow enough on a loaded machine to hold up the render it awaits.
 */
const shownEntries = () =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>('table[aria-label="Audit log"] tbody tr'));

it('lists organizer actions newest first with what changed, and pages back with Older', async () => {
  // A venue no other test uses: other files' entries interleave with these.
  const venue = `Hall ${Date.now()}`;
  // Asked for at once (one round trip's wait instead of 50); the ids tell the order they were made in.
  const made = (
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => createEvent(organizer, { title: `Audit ${Date.now()} ${i}` })),
    )
  ).sort((a, b) => a.id - b.id);
  const last = made[made.length - 1]!;
  const edited = await studioCall(organizer, 'PUT', `/events/${last.id}`, {
    title: last.title,
    contentType: 'VOD',
    venue,
    version: last.version,
  });
  expect(edited.status).toBe(200);

  await open('/studio/audit');
  const table = await screen.findByRole('table', { name: 'Audit log' });
  const firstPage = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
  expect(firstPage).toHaveLength(50);
  const update = firstPage.find((r) => isEntry(r, 'event.update', last.id));
  expect(update).toBeDefined();
  expect(update).toHaveTextContent(organizer.email);
  expect(update).toHaveTextContent(`venue: "" → ${venue}`);
  // Newest first: the update comes before the event's creation.
  const created = firstPage.findIndex((r) => isEntry(r, 'event.create', last.id));
  expect(firstPage.indexOf(update!)).toBeLessThan(created);
  expect(await axeViolations()).toEqual([]);

  // 50 creations and an update fill more than this page; the creations it leaves out come next.
  const onFirstPage = made.filter((e) => firstPage.some((r) => isEntry(r, 'event.create', e.id)));
  const nextOne = made.filter((e) => !onFirstPage.includes(e)).at(-1)!;
  expect(nextOne).toBeDefined();
  expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Older' }));
  await waitFor(() => expect(shownEntries().some((r) => isEntry(r, 'event.create', nextOne.id))).toBe(true));
  expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled();
  // Nothing of the first page again.
  expect(shownEntries().filter((r) => onFirstPage.some((e) => isEntry(r, 'event.create', e.id)))).toEqual([]);
  expect(shownEntries().some((r) => r.textContent?.includes(venue))).toBe(false);
  await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
  await waitFor(() => expect(screen.getByRole('table', { name: 'Audit log' })).toHaveTextContent(venue));
});
