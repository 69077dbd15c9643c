import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppStore } from '../../../../src/client/app/store';
import { signUpOnTestServer } from '../../../utils/apiUser';
import { mailedCode, recordToasts, startApp, stopApp } from '../../../utils/clientApp';

/**
 * Logging out drops everything cached for that user (the spec's page reload): after logout, and
 * after another user signs in on the same page, nothing of the first user is left in RTK Query's
 * cache or shown on screen. Real users on the real test server.
 */
const stamp = Date.now();
const first = { email: `first-${stamp}@example.com`, name: 'Alma Firstuser' };
const second = { email: `second-${stamp}@example.com`, name: 'Bruno Seconduser' };
let firstSession: { token: string; userId: number };
beforeAll(async () => {
  firstSession = await signUpOnTestServer(first.email, 'Alma', 'Firstuser');
});

let store: AppStore | undefined;
afterEach(async () => {
  await stopApp(store);
  store = undefined;
});

/** Everything RTK Query holds (queries, mutations, their arguments and answers) as text. */
const apiCache = () => JSON.stringify(store!.getState().api);

const profileEntries = () =>
  Object.values(store!.getState().api.queries).filter((q) => q?.endpointName === 'getProfile');

/** Whether `text` is ever on the page from now on (checked at every DOM change). */
function watchFor(text: string) {
  const seen = { ever: false };
  const check = () => {
    if (document.body.textContent?.includes(text)) seen.ever = true;
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  check();
  return { seen, stop: () => observer.disconnect() };
}

it("after logout and another user's sign-in, nothing cached for the first user remains or shows", async () => {
  const user = userEvent.setup();
  const toasts = recordToasts();
  localStorage.setItem('user_token', firstSession.token);
  localStorage.setItem('userID', String(firstSession.userId));
  localStorage.setItem('userName', first.name);
  const { router, store: s } = await startApp('/profile');
  store = s;

  // The first user's profile is on screen and in the cache.
  expect(await screen.findByTestId('profile-name', {}, { timeout: 10_000 })).toHaveTextContent(first.name);
  expect(apiCache()).toContain(first.email);
  expect(profileEntries()).toHaveLength(1);

  await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(toasts.seen).toContain('Logout successfully.'));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(store.getState().auth).toMatchObject({ userId: null, userToken: null, userName: null });

  // Nothing of the first user is cached any more (the home page's own queries may be there).
  expect(profileEntries()).toEqual([]);
  expect(apiCache()).not.toContain(first.email);
  expect(apiCache()).not.toContain('Firstuser');
  const firstNameShown = watchFor('Firstuser');

  try {
    // Another person signs up and in on the same page (a new account: names asked) and opens their profile.
    await act(() => router.navigate('/sign-in'));
    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), second.email);
    await user.click(screen.getByRole('button', { name: 'Continue with e-mail' }));
    await screen.findByRole('heading', { name: 'Check your e-mail' }, { timeout: 10_000 });
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Bruno');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Seconduser');
    await user.type(screen.getByRole('textbox', { name: 'Sign-in code' }), await mailedCode(second.email));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 10_000 });
    expect(store.getState().auth.userId).not.toBe(String(firstSession.userId));

    await act(() => router.navigate('/profile'));
    expect(await screen.findByTestId('profile-name', {}, { timeout: 10_000 })).toHaveTextContent(second.name);
    expect(screen.getByText(second.email)).toBeInTheDocument();
    expect(apiCache()).toContain(second.email);
    expect(apiCache()).not.toContain(first.email);
    expect(apiCache()).not.toContain('Firstuser');
    expect(firstNameShown.seen.ever).toBe(false);
  } finally {
    firstNameShown.stop();
    toasts.stop();
  }
});
