import { screen, within } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import { STUDIO_MESSAGES } from '../../../../src/shared/contract/studio';
import { startApp, stopApp } from '../../../utils/clientApp';
import { newBuyer, rememberBuyer } from '../../../utils/clientCheckout';
import { axeViolations, newOrganizer } from '../../../utils/clientStudio';

/**
 * The console's gate at /studio: signed out, a sentence and the way to sign in; signed in but not an
 * organizer, the server's sentence (403); an organizer, the shell with the areas and their e-mail.
 */
let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

it('signed out: a sentence and a sign-in link, and no area of the console', async () => {
  const app = await startApp('/studio');
  store = app.store;
  expect(await screen.findByText('Sign in with your organizer account to use the studio.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('navigation', { name: 'Studio' })).not.toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Studio' })).toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
});

it("signed in but not an organizer: the server's sentence, and no area of the console", async () => {
  rememberBuyer(await newBuyer('not-organizer'));
  const app = await startApp('/studio/events');
  store = app.store;
  expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(STUDIO_MESSAGES.notOrganizer);
  expect(screen.queryByRole('navigation', { name: 'Studio' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Events' })).not.toBeInTheDocument();
  expect(await axeViolations()).toEqual([]);
});

it('an organizer: the app bar with Studio, the areas, their e-mail and the way back; /studio opens Events', async () => {
  const organizer = await newOrganizer('organizer-shell');
  rememberBuyer(organizer);
  const app = await startApp('/studio');
  store = app.store;
  const nav = await screen.findByRole('navigation', { name: 'Studio' }, { timeout: 10_000 });
  // These four in this order (later areas, such as Coupons, sit between Orders and the audit log).
  const areas = within(nav)
    .getAllByRole('link')
    .map((l) => l.textContent)
    .filter((name) => ['Events', 'Sales', 'Orders', 'Audit log'].includes(name ?? ''));
  expect(areas).toEqual(['Events', 'Sales', 'Orders', 'Audit log']);
  expect(screen.getByTestId('studio-email')).toHaveTextContent(organizer.email);
  expect(await screen.findByRole('heading', { level: 1, name: 'Events' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(app.router.state.location.pathname).toBe('/studio/events');
  expect(within(nav).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
});
