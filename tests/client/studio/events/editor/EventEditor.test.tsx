import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../../src/client/app/store';
import { FORM_MESSAGES } from '../../../../../src/client/studio/events/editor/eventForm';
import { STUDIO_MESSAGES } from '../../../../../src/client/lib/studioMessages';
import { STUDIO_EVENT_MESSAGES, type StudioEvent } from '../../../../../src/shared/contract/studioEvents';
import { recordToasts, requestedUrls, startApp, stopApp } from '../../../../utils/clientApp';
import { rememberBuyer, type Buyer } from '../../../../utils/clientCheckout';
import { axeViolations, createEvent, newOrganizer, studioCall } from '../../../../utils/clientStudio';

/**
 * The event editor: its own sentences under the fields before anything is sent; a draft created
 * and then edited; the server's refusal (409 when someone else saved first) beside the form with
 * what was typed kept; a poster uploaded and previewed, a file that is no image refused in words.
 */
jest.setTimeout(60_000);
let store: AppStore | undefined;
let organizer: Buyer;
beforeAll(async () => {
  organizer = await newOrganizer('organizer-editor');
});
afterEach(async () => {
  jest.restoreAllMocks();
  await stopApp(store);
  store = undefined;
});

async function openEditor(path: string) {
  rememberBuyer(organizer);
  const app = await startApp(path);
  store = app.store;
  await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 });
  return app;
}
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const helpOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '');
// A 1×1 PNG: the server checks the bytes, not the name. Files are Node's (as fetch here is Node's, which
// sends a browser's File as its bytes but would not know jsdom's).
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

it("tells what is wrong under each field before sending anything: title, premium's price, capacity", async () => {
  await openEditor('/studio/events/new');
  expect(screen.getByRole('heading', { level: 1, name: 'New event' })).toBeInTheDocument();
  const spy = jest.spyOn(globalThis, 'fetch');
  await userEvent.click(screen.getByRole('switch', { name: 'Premium (paid ticket)' }));
  await userEvent.type(field('Capacity'), '12.5');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByRole('alert')).toHaveTextContent(STUDIO_MESSAGES.checkFields);
  expect(helpOf(field('Title'))).toHaveTextContent(FORM_MESSAGES.titleRequired);
  expect(helpOf(field('Price'))).toHaveTextContent(STUDIO_EVENT_MESSAGES.premiumNeedsPrice);
  expect(helpOf(field('Capacity'))).toHaveTextContent(FORM_MESSAGES.capacity);
  expect(field('Title')).toHaveAttribute('aria-invalid', 'true');

  await userEvent.type(field('Price'), '12.555');
  await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
  expect(helpOf(field('Price'))).toHaveTextContent(FORM_MESSAGES.price);
  expect(requestedUrls(spy).filter((u) => u.includes('/studio/events'))).toEqual([]);
  expect(await axeViolations()).toEqual([]);
});

it('creates a draft, then saves changes to it; the list is where "All events" leads', async () => {
  const app = await openEditor('/studio/events/new');
  const toasts = recordToasts();
  const title = `Editor draft ${Date.now()}`;
  await userEvent.type(field('Title'), title);
  await userEvent.type(field('Venue'), 'Cedar Room');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toasts.seen).toContain('Saved.'));
  await waitFor(() => expect(app.router.state.location.pathname).toMatch(/^\/studio\/events\/\d+$/));
  expect(await screen.findByRole('heading', { level: 1, name: `Edit “${title}”` })).toBeInTheDocument();
  expect(field('Venue')).toHaveValue('Cedar Room');
  const id = Number(app.router.state.location.pathname.split('/').pop());

  await userEvent.type(field('Label'), 'Acoustic');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(toasts.seen.filter((t) => t === 'Saved.')).toHaveLength(2));
  const saved = await studioCall<StudioEvent>(organizer, 'GET', `/events/${id}`);
  expect(saved.data).toMatchObject({ title, venue: 'Cedar Room', label: 'Acoustic', status: 'draft' });
  expect(screen.getByRole('link', { name: 'All events' })).toHaveAttribute('href', '/studio/events');
  toasts.stop();
});

it("shows the server's 409 beside the form when someone else saved first, and keeps what was typed", async () => {
  const event = await createEvent(organizer);
  await openEditor(`/studio/events/${event.id}`);
  // Another organizer saves while this form is open.
  const other = await studioCall(organizer, 'PUT', `/events/${event.id}`, {
    title: event.title,
    contentType: 'VOD',
    venue: 'Somewhere else',
    version: event.version,
  });
  expect(other.status).toBe(200);
  await userEvent.type(field('Label'), 'Mine');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(STUDIO_EVENT_MESSAGES.versionConflict);
  expect(field('Label')).toHaveValue('Mine');
});

it("uploads a poster and shows it; a file that is no image gets the server's sentence", async () => {
  await openEditor('/studio/events/new');
  const input = screen.getByLabelText('Upload poster') as HTMLInputElement;
  // Reached with the keyboard: a real file input in the tab order, not one hidden behind its label.
  expect(input).toBeVisible();
  expect(input.tabIndex).toBe(0);
  await userEvent.upload(input, new NodeFile(['not an image'], 'poster.png', { type: 'image/png' }) as unknown as File);
  const refusal = await screen.findByRole('alert');
  expect(refusal.textContent).toMatch(/JPEG, PNG or WebP/);

  await userEvent.upload(input, new NodeFile([PNG], 'poster.png', { type: 'image/png' }) as unknown as File);
  const preview = await screen.findByRole('img', { name: 'Poster preview' }, { timeout: 10_000 });
  expect(preview.getAttribute('src')).toMatch(/^\/media\/uploads\//);
  expect(within(document.body).queryByText(/JPEG, PNG or WebP/)).not.toBeInTheDocument();
});

it("keeps a description's headings, emphasis, lists and links through an edit and a save", async () => {
  const description =
    '<h3>Setlist</h3><p><strong>Loud</strong> and <em>soft</em>, <a href="https://example.com/notes">notes</a></p>' +
    '<ul><li><p>Opening</p></li></ul><blockquote><p>Quoted</p></blockquote>';
  const event = await createEvent(organizer, { description });
  await openEditor(`/studio/events/${event.id}`);
  const editor = screen.getByRole('textbox', { name: 'Description' });
  expect(within(editor).getByRole('heading', { name: 'Setlist' })).toBeInTheDocument();
  expect(within(editor).getByRole('link', { name: 'notes' })).toHaveAttribute('href', 'https://example.com/notes');
  await userEvent.type(field('Label'), 'Kept');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(async () =>
    expect((await studioCall<StudioEvent>(organizer, 'GET', `/events/${event.id}`)).data.label).toBe('Kept'),
  );
  const saved = (await studioCall<StudioEvent>(organizer, 'GET', `/events/${event.id}`)).data.description;
  for (const part of ['<h3>Setlist</h3>', '<strong>Loud</strong>', '<em>soft</em>', 'href="https://example.com/notes"'])
    expect(saved).toContain(part);
  expect(saved).toMatch(/<ul><li><p>Opening<\/p><\/li><\/ul>/);
  expect(saved).toMatch(/<blockquote><p>Quoted<\/p><\/blockquote>/);
});
