import { screen } from '@testing-library/react';
import { makeStore } from '../../../src/client/app/store';
import { preloaded, renderRoute } from '../../utils/renderWithProviders';
import { signTestToken } from '../../utils/signToken';

/**
 * Routes that match a pattern (/{type}/{id}, /category/{id}) but name nothing: the app's 404 page, against the real
 * server.
 */
const guestStore = () =>
  makeStore(preloaded({ auth: { authToken: signTestToken({ kind: 'guest', sub: 'not-found-test' }) } }));

const expectNotFound = async () => {
  expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText("The page you are looking for doesn't exist or has been moved.")).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
};

describe('404 page for things that do not exist', () => {
  it.each([
    ['an unknown agreement type', '/foo/3'],
    ['an agreement id that does not exist', '/terms/999'],
    ['a privacy id that does not exist', '/privacy/999'],
    ['an agreement id that is not a number', '/terms/three'],
    ['an unknown category', '/category/no-such-category'],
  ])('%s (%s)', async (_name, path) => {
    renderRoute(path, { store: guestStore() });
    await expectNotFound();
  });

  // The same routes with real ids render their page, so the 404s above are not the routes' default.
  it.each([
    ['/terms/3', 'Terms of Use'],
    ['/privacy/2', 'Privacy Policy'],
    ['/category/on-demand', 'Watch On Demand'],
  ])('%s renders its page, not the 404', async (path, heading) => {
    renderRoute(path, { store: guestStore() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
  });
});
