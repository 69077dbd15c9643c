import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiHost } from '../../../../src/client/api/apiHost';
import { UNAUTHORIZED_LOG } from '../../../../src/client/api/baseQuery';
import { appStopped } from '../../../../src/client/lib/appEvents';
import { registerListeners } from '../../../../src/client/app/registerListeners';
import { makeStore, type AppStore } from '../../../../src/client/app/store';
import { guestTokenRejected } from '../../../../src/client/lib/sessionEvents';
import { SESSION_EXPIRED_MESSAGE } from '../../../../src/client/features/auth/sessionListeners';
import { preloaded, renderRoute } from '../../../utils/renderWithProviders';
import { signTestToken } from '../../../utils/signToken';
import { signUpOnTestServer } from '../../../utils/apiUser';

/**
 * A session that ended elsewhere (logout on another device revokes every token) is noticed at the
 * next call: the browser signs itself out, gets one new guest token, says so once, and only pages
 * that need a login send the visitor to sign in. Against the real test server.
 */
const GUEST = signTestToken({ kind: 'guest', sub: 'session-ends' });

async function revokedSession(label: string) {
  const user = await signUpOnTestServer(`${label}-${Date.now()}@example.com`, 'Gone', 'Elsewhere');
  const res = await fetch(`${apiHost()}/v1/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(res.status).toBe(200);
  return user;
}
const signedInStore = (user: { token: string; userId: number }) =>
  makeStore(
    preloaded({
      auth: { authToken: GUEST, userToken: user.token, userId: String(user.userId), userName: 'Gone Elsewhere' },
    }),
  );
const guestTokenCalls = (spy: jest.SpyInstance) =>
  spy.mock.calls.filter(([req]) => String(req instanceof Request ? req.url : req).endsWith('/v1/token/guest')).length;

let store: AppStore | undefined;
let errorLog: jest.SpyInstance;
let fetchSpy: jest.SpyInstance;
beforeAll(() => registerListeners());
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});
afterEach(() => {
  store?.dispatch(appStopped());
  store = undefined;
  errorLog.mockRestore();
  fetchSpy.mockRestore();
});

describe('a revoked user token', () => {
  it('signs the browser out, fetches one guest token, says so once, and leaves a public page in place', async () => {
    const user = await revokedSession('revoked-events');
    store = signedInStore(user);
    const { router } = renderRoute('/events', { store });
    await waitFor(() => expect(store!.getState().auth.userId).toBeNull());
    await waitFor(() => expect(store!.getState().auth.authToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/));
    const auth = store.getState().auth;
    expect(auth).toMatchObject({ userToken: null, userId: null, userName: null });
    expect(auth.authToken).not.toBe(GUEST); // the spec's 401 rule: the guest token is replaced too
    expect(errorLog).toHaveBeenCalledWith(UNAUTHORIZED_LOG);
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    // The page itself stays, and renders (the events list loads again as a guest).
    expect(router.state.location.pathname).toBe('/events');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('app-spinner')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByText(SESSION_EXPIRED_MESSAGE)).toHaveLength(1);
    expect(guestTokenCalls(fetchSpy)).toBe(1);
    // redux-persist writes one key per tick: on a busy machine the removal lands a little later.
    await waitFor(() => expect(localStorage.getItem('userID')).toBeNull());
  });

  it('sends the visitor to /sign-in from a page that requires login', async () => {
    const user = await revokedSession('revoked-profile');
    store = signedInStore(user);
    const { router } = renderRoute('/profile', { store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(guestTokenCalls(fetchSpy)).toBe(1);
  });

  it('is noticed once however many calls fail together', async () => {
    const user = await revokedSession('revoked-burst');
    store = signedInStore(user);
    const { apiSlice } = await import('../../../../src/client/api/apiSlice');
    const probe = apiSlice.injectEndpoints({
      endpoints: (b) => ({
        sessionProbe: b.query<unknown, number>({
          query: (n) => ({ url: '/misc/data', params: { filter: '{"key":["demoUse"]}', n } }),
        }),
      }),
    });
    renderRoute('/about', { store });
    await Promise.all([1, 2, 3, 4].map((n) => store!.dispatch(probe.endpoints.sessionProbe.initiate(n))));
    await waitFor(() => expect(store!.getState().auth.authToken).not.toBeNull());
    expect(guestTokenCalls(fetchSpy)).toBe(1);
    expect(await screen.findAllByText(SESSION_EXPIRED_MESSAGE)).toHaveLength(1);
  });
});

describe('replacing the guest token after the shell rendered', () => {
  it('keeps the page mounted: the sign-in code step keeps its typed values and its attempt count', async () => {
    const user = userEvent.setup();
    store = makeStore(preloaded({ auth: { authToken: GUEST } }));
    renderRoute('/sign-in', { store });
    await user.type(await screen.findByLabelText('E-mail address'), `kept-${Date.now()}@example.com`);
    await user.click(screen.getByRole('button', { name: 'Continue with e-mail' }));
    await user.type(await screen.findByLabelText(/First name/), 'Kept');
    await user.type(screen.getByLabelText(/Last name/), 'Form');
    const code = screen.getByLabelText('Sign-in code');
    for (let i = 0; i < 2; i += 1) {
      await user.clear(code);
      await user.type(code, '000000');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByRole('button', { name: 'Verify' });
    }

    store.dispatch(guestTokenRejected()); // what a 401 does, before the new token arrives
    expect(screen.queryByTestId('app-spinner')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Kept');
    expect(screen.getByLabelText('Sign-in code')).toHaveValue('000000');

    // Three more wrong codes make five: the form locks, so the two before the replacement still count.
    for (let i = 0; i < 3; i += 1) {
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await waitFor(() => expect(screen.getByRole('button', { name: /Verify|Processing/ })).toBeInTheDocument());
      await waitFor(() => expect(screen.getByRole('button', { name: /Verify/ })).toBeInTheDocument());
    }
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.tagName === 'P' && within(a).queryByText('Too many attempts. Try again later.'))).toBe(
      true,
    );
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
  });
});
