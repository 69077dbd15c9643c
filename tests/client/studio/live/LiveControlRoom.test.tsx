import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import type { StudioEventList } from '../../../../src/shared/contract/studioEvents';
import { STUDIO_LIVE_MESSAGES as M, type StudioLive } from '../../../../src/shared/contract/studioLive';
import { recordToasts, requestedUrls, startApp, stopApp } from '../../../utils/clientApp';
import { rememberBuyer, type Buyer } from '../../../utils/clientCheckout';
import { axeViolations, newOrganizer, studioCall } from '../../../utils/clientStudio';
import { CONTROL_REASONS } from '../../../../src/client/studio/live/liveLabels';

/**
 * The live control room on a demo 'Live' event with streams that no other client test uses (its
 * keys are issued and its show ended here): the state, keys shown once and never kept, Start show,
 * the viewers' message, and End show behind its question.
 */
jest.setTimeout(60_000);
/** How long to wait for what needs the server's answer (the machine may be busy). */
const SERVER = { timeout: 10_000 };
const TITLE = 'Saltwater Hymns: Coastline Tour Finale';
let store: AppStore | undefined;
let organizer: Buyer;
let eventId: number;

beforeAll(async () => {
  organizer = await newOrganizer('organizer-live');
  const found = await studioCall<StudioEventList>(organizer, 'GET', `/events?search=${encodeURIComponent(TITLE)}`);
  const row = found.data.rows.find((r) => r.title === TITLE);
  if (!row) throw new Error(`no demo event ${TITLE}`);
  eventId = row.id;
});
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

async function openRoom() {
  rememberBuyer(organizer);
  const app = await startApp(`/studio/events/${eventId}/live`);
  store = app.store;
  await screen.findByRole('heading', { level: 1, name: `Live: ${TITLE}` }, { timeout: 10_000 });
  return app;
}
const angleRow = (angle: number) => screen.getByTestId(`angle-${angle}`);

it('shows the state, and the keys once in a dialog: copied, never kept in the store or the page', async () => {
  const app = await openRoom();
  expect(screen.getByTestId('show-state')).toHaveTextContent('Waiting');
  const angles = screen.getByRole('table', { name: 'Angles' });
  expect(within(angles).getAllByRole('row').length).toBeGreaterThan(1);
  expect(angleRow(0)).toHaveTextContent('Waiting');
  expect(angleRow(0)).toHaveTextContent('None');
  // Without keys the show can be neither started nor ended, and the page says so beside them.
  for (const name of ['Start show', 'End show']) {
    expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(CONTROL_REASONS.noKeys);
  }
  // The ingest's state among the show's facts (this test server never starts its engines).
  expect(screen.getByText('Ingest').nextSibling).toHaveTextContent(CONTROL_REASONS.ingestStarting);
  expect(await axeViolations()).toEqual([]);

  const state = await studioCall<StudioLive>(organizer, 'GET', `/events/${eventId}/live`);
  const name = `angle 0 (${state.data.angles.find((a) => a.angle === 0)?.name})`;
  await userEvent.click(screen.getByRole('checkbox', { name: `Choose ${name}` }));
  const issue = screen.getByRole('button', { name: 'Issue stream keys' });
  expect(screen.getByText('For angle 0.')).toBeInTheDocument();
  const spy = jest.spyOn(globalThis, 'fetch');
  await userEvent.click(issue);

  const dialog = await screen.findByRole('dialog', { name: 'Stream keys' }, SERVER);
  expect(dialog).toHaveTextContent(M.keysIssued);
  expect(dialog).toHaveTextContent('They will not be shown again');
  const value = (label: string) => (within(dialog).getByRole('textbox', { name: label }) as HTMLInputElement).value;
  const key = value(`Stream key of ${name}`);
  expect(key.length).toBeGreaterThan(10);
  expect(value(`RTMP URL of ${name}`)).toMatch(new RegExp(`^rtmp://.+/${key}$`));
  expect(value(`SRT URL of ${name}`)).toMatch(/^srt:\/\//);
  // Only the angle chosen: one call, one feed.
  expect(requestedUrls(spy).filter((u) => u.endsWith('/live/keys'))).toHaveLength(1);
  expect(within(dialog).queryByRole('textbox', { name: /angle 1 / })).not.toBeInTheDocument();

  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await userEvent.click(within(dialog).getByRole('button', { name: `Copy RTMP URL of ${name}` }));
  expect(writeText).toHaveBeenCalledWith(expect.stringContaining(key));
  expect(await axeViolations()).toEqual([]);

  // The keys live in the dialog only: not in the store, not in the browser's storage.
  expect(JSON.stringify(app.store.getState())).not.toContain(key);
  expect(JSON.stringify({ ...localStorage })).not.toContain(key);

  await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied them' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
  expect(document.body.innerHTML).not.toContain(key);
  // The focus is back on the button that asked (now 'Rotate keys': an angle has a key).
  await waitFor(() => expect(screen.getByRole('button', { name: 'Rotate keys' })).toHaveFocus(), SERVER);
  await waitFor(() => expect(angleRow(0)).toHaveTextContent('Issued'), SERVER);
  expect(angleRow(1)).toHaveTextContent('None');
  expect(JSON.stringify(app.store.getState())).not.toContain(key);

  // Rotating drops encoders: it asks first, and Cancel sends nothing.
  await userEvent.click(screen.getByRole('button', { name: 'Rotate keys' }));
  const rotate = await screen.findByRole('dialog', { name: 'Rotate the keys?' }, SERVER);
  await userEvent.click(within(rotate).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
  expect(requestedUrls(spy).filter((u) => u.endsWith('/live/keys'))).toHaveLength(1);
});

it("is reached from a 'Live' event's row in the events list and from its editor", async () => {
  rememberBuyer(organizer);
  const app = await startApp('/studio/events');
  store = app.store;
  const grid = await screen.findByRole('grid', { name: 'Events' }, { timeout: 10_000 });
  await userEvent.click(screen.getByRole('searchbox', { name: 'Search events' }));
  await userEvent.paste(TITLE);
  const cell = await within(grid).findByRole('gridcell', { name: TITLE }, SERVER);
  const row = cell.closest('[role="row"]') as HTMLElement;
  await userEvent.click(within(row).getByRole('button', { name: 'More actions' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Live control room' }));
  await screen.findByRole('heading', { level: 1, name: `Live: ${TITLE}` }, { timeout: 10_000 });
  expect(app.router.state.location.pathname).toBe(`/studio/events/${eventId}/live`);

  await userEvent.click(screen.getByRole('link', { name: 'Edit the event' }));
  const editor = await screen.findByRole('link', { name: 'Live control room' }, { timeout: 10_000 });
  expect(editor).toHaveAttribute('href', `/studio/events/${eventId}/live`);
});

it("starts the show, sets and clears the viewers' message, and ends the show only once confirmed", async () => {
  const before = await studioCall<StudioLive>(organizer, 'GET', `/events/${eventId}/live`);
  if (!before.data.angles.some((a) => a.hasKey))
    await studioCall(organizer, 'POST', `/events/${eventId}/live/keys`, {});
  await openRoom();
  const toasts = recordToasts();

  await userEvent.click(screen.getByRole('button', { name: 'Start show' }));
  await waitFor(() => expect(toasts.seen).toContain(M.started), SERVER);

  const message = screen.getByRole('textbox', { name: 'Message for viewers' });
  await userEvent.type(message, 'Technical difficulties: back in five minutes');
  await userEvent.click(screen.getByRole('button', { name: 'Save message' }));
  await waitFor(() => expect(toasts.seen).toContain(M.messageSet), SERVER);
  await waitFor(
    () =>
      expect(screen.getByRole('textbox', { name: 'Message for viewers' })).toHaveAccessibleDescription(
        /Shown now: “Technical difficulties: back in five minutes”/,
      ),
    SERVER,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Clear message' }));
  await waitFor(() => expect(toasts.seen).toContain(M.messageCleared), SERVER);
  expect((await studioCall<StudioLive>(organizer, 'GET', `/events/${eventId}/live`)).data.message).toBeNull();

  const spy = jest.spyOn(globalThis, 'fetch');
  const end = screen.getByRole('button', { name: 'End show' });
  await userEvent.click(end);
  const dialog = await screen.findByRole('dialog', { name: 'End the show?' }, SERVER);
  expect(dialog).toHaveTextContent('Ending makes the replay; encoders are dropped.');
  expect(await axeViolations()).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
  expect(end).toHaveFocus();
  expect(requestedUrls(spy).filter((u) => u.endsWith('/live/end'))).toHaveLength(0);
  expect(screen.getByTestId('show-state')).not.toHaveTextContent('Ended');

  await userEvent.click(end);
  const again = await screen.findByRole('dialog', { name: 'End the show?' }, SERVER);
  await userEvent.dblClick(within(again).getByRole('button', { name: 'End show' }));
  await waitFor(() => expect(screen.getByTestId('show-state')).toHaveTextContent('Ended'), SERVER);
  expect(requestedUrls(spy).filter((u) => u.endsWith('/live/end'))).toHaveLength(1);
  await waitFor(() => expect(toasts.seen).toContain(M.endedNow), SERVER);
  // The page is hidden from assistive technology until the dialog has gone.
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), SERVER);
  for (const name of ['Start show', 'End show']) {
    expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(CONTROL_REASONS.endedShow);
  }
  const keys = screen.getByRole('button', { name: 'Rotate keys' });
  expect(keys).toBeDisabled();
  expect(keys).toHaveAccessibleDescription(CONTROL_REASONS.endedKeys);
  expect((await studioCall<StudioLive>(organizer, 'GET', `/events/${eventId}/live`)).data.show).toBe('ended');
  toasts.stop();
});
