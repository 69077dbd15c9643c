import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiHost } from '../../../../src/client/api/apiHost';
import { makeStore } from '../../../../src/client/app/store';
import { catalogApi } from '../../../../src/client/features/catalog/catalogApi';
import { FOOTER_LINK_ID } from '../../../../src/shared/constants';
import type { FooterLink } from '../../../../src/shared/contract/catalog';
import { guestTokenReceived } from '../../../../src/client/lib/sessionEvents';
import { preloaded, renderRoute } from '../../../utils/renderWithProviders';
import { signTestToken } from '../../../utils/signToken';

// A guest token the test server accepts: the pages behind the shell load real data with it.
const withToken = () =>
  makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'shell-test' }) } }));

describe('root layout', () => {
  it('shows only a spinner until a guest token exists, then the shell', async () => {
    const store = makeStore(preloaded());
    renderRoute('/', { store });
    expect(await screen.findByTestId('app-spinner')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    store.dispatch(guestTokenReceived('guest.tok.en'));
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByTestId('app-spinner')).not.toBeInTheDocument();
  });

  it('has a header with Home and Upcoming Events and the spec’s footer', async () => {
    renderRoute('/', { store: withToken() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Upcoming Events' })).toHaveAttribute('href', '/events');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Your All-Access Pass')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'The Experience' })).toHaveAttribute('href', '/experience');
    // The company links are the catalog's footer link set (GET /v1/footerlink/1), in its order.
    const catalog = (await (await fetch(`${apiHost()}/v1/footerlink/${FOOTER_LINK_ID}`)).json()).data as FooterLink;
    expect(catalog.links.map((l) => l.label)).toEqual(['Support', 'Contact', 'About', 'Terms', 'Privacy']);
    for (const link of catalog.links)
      expect(await within(footer).findByRole('link', { name: link.label })).toHaveAttribute('href', link.url);
    for (const label of ['Facebook', 'Instagram']) {
      expect(within(footer).getByRole('link', { name: label })).toHaveAttribute(
        'href',
        expect.stringMatching(/^https:\/\//),
      );
    }
  });

  it("the footer's company links are whatever the catalog's footer link set holds", async () => {
    const store = withToken();
    const theirs: FooterLink = {
      id: FOOTER_LINK_ID,
      label: 'Venue',
      links: [
        { label: 'Box Office', url: 'https://venue.example/box-office' },
        { label: 'Accessibility', url: 'mailto:access@venue.example' },
      ],
    };
    store.dispatch(catalogApi.util.upsertQueryData('getFooterLink', FOOTER_LINK_ID, theirs));
    renderRoute('/', { store });
    const nav = within(await screen.findByRole('navigation', { name: 'Footer' }));
    expect(nav.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['The Experience', '/experience'],
      ['Box Office', 'https://venue.example/box-office'],
      ['Accessibility', 'mailto:access@venue.example'],
    ]);
  });

  it.each(['/player/some-event'])('hides header and footer on %s', async (path) => {
    renderRoute(path, { store: withToken() });
    await screen.findByRole('main');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('keeps them on a deeper path under /player (not the player route)', async () => {
    renderRoute('/player/a/b', { store: withToken() });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
  });

  it('opens and closes the mobile menu with its icon button', async () => {
    const user = userEvent.setup();
    renderRoute('/', { store: withToken() });
    const toggle = await screen.findByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Upcoming Events' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument());
  });

  it('closes the mobile menu after navigating', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/', { store: withToken() });
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Upcoming Events' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    // Closed at once (the toggle says so); the menu then leaves after its 200 ms collapse, which a busy
    // machine can stretch past waitFor's default second while the new page's chunk loads beside it.
    // The toggle follows the address, which changes once the new page's chunk is in: as slow as that.
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false'),
      { timeout: 5000 },
    );
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  });
});

describe('404 page', () => {
  it('shows the spec’s text and goes home', async () => {
    const user = userEvent.setup();
    const { router } = renderRoute('/no/such/page', { store: withToken() });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The page you are looking for doesn't exist or has been moved.")).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
