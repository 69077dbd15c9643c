import { screen, waitFor } from '@testing-library/react';
import type { AppStore } from '../../../../src/client/app/store';
import { hasExpired, readSessionClaims } from '../../../../src/client/features/auth/tokenClaims';
import { settingsApi } from '../../../../src/client/features/settings/settingsApi';
import { signUpOnTestServer } from '../../../utils/apiUser';
import { signTestToken } from '../../../utils/signToken';
import { startStore } from '../../../utils/startStore';
import { recordToasts, startApp, stopApp } from '../../../utils/clientApp';

/**
 * Tokens are read with jwt-decode (docs/decisions.md): the session token's claims name the user, and each
 * token's `exp` says when it runs out, so a token that has run out is replaced at start instead of
 * failing the page's first calls. Nothing is decided from a claim: the server checks every token.
 */
describe('reading a token', () => {
  it('a session token gives the user id, the name and the e-mail; anything else gives nothing', () => {
    const token = signTestToken({
      kind: 'user',
      sub: '7',
      userId: 7,
      name: ' Ada King Lovelace ',
      email: 'ada@example.com',
    });
    expect(readSessionClaims(token)).toEqual({
      userId: 7,
      name: 'Ada King Lovelace',
      email: 'ada@example.com',
      expiresAt: expect.any(Number),
    });
    expect(readSessionClaims(signTestToken({ kind: 'guest', sub: 'g' }))).toBeNull();
    expect(readSessionClaims(signTestToken({ kind: 'user', sub: '7', userId: '7' }))).toBeNull();
    for (const junk of ['', 'not.a.token', 'a.b', null, undefined]) expect(readSessionClaims(junk)).toBeNull();
  });

  it('a token has run out a minute before its exp; an unreadable one counts as run out', () => {
    const now = Date.now();
    expect(hasExpired(signTestToken({ kind: 'guest', sub: 'g' }, 600), now)).toBe(false);
    expect(hasExpired(signTestToken({ kind: 'guest', sub: 'g' }, 59), now)).toBe(true);
    expect(hasExpired(signTestToken({ kind: 'guest', sub: 'g' }, -10), now)).toBe(true);
    expect(hasExpired('garbage', now)).toBe(true);
  });
});

describe('at start', () => {
  let store: AppStore | undefined;
  let fetchSpy: jest.SpyInstance;
  beforeEach(() => {
    fetchSpy = jest.spyOn(globalThis, 'fetch');
  });
  afterEach(async () => {
    await stopApp(store);
    store = undefined;
    fetchSpy.mockRestore();
  });
  const bearers = () =>
    fetchSpy.mock.calls
      .map(([req]) => (req instanceof Request ? req.headers.get('authorization') : null))
      .filter(Boolean);
  const guestFetches = () =>
    fetchSpy.mock.calls.filter(([req]) => String(req instanceof Request ? req.url : req).endsWith('/v1/token/guest'))
      .length;

  it('a guest token that has run out is replaced by a new one, once, and never sent', async () => {
    const expired = signTestToken({ kind: 'guest', sub: 'expired-guest' }, -10);
    localStorage.setItem('auth_token', expired);
    store = await startStore();
    await waitFor(() => expect(store!.getState().auth.authToken).not.toBeNull());
    const fresh = store.getState().auth.authToken!;
    expect(fresh).not.toBe(expired);
    expect(hasExpired(fresh)).toBe(false);
    expect(guestFetches()).toBe(1);
    await store.dispatch(settingsApi.endpoints.getSettings.initiate(['demoUse']));
    expect(bearers()).not.toContain(`Bearer ${expired}`);
    await waitFor(() => expect(localStorage.getItem('auth_token')).toBe(fresh));
  });

  it('a guest token still good is kept: no new one is fetched', async () => {
    const good = signTestToken({ kind: 'guest', sub: 'good-guest' });
    localStorage.setItem('auth_token', good);
    store = await startStore();
    await new Promise((r) => setTimeout(r, 50));
    expect(store.getState().auth.authToken).toBe(good);
    expect(guestFetches()).toBe(0);
  });

  it(
    'a session token that has run out ends the session as a 401 would: signed out, told once, a guest token ' +
      'fetched',
    async () => {
      const { userId } = await signUpOnTestServer(`expired-${Date.now()}@example.com`, 'Ex', 'Pired');
      const expired = signTestToken(
        { kind: 'user', sub: String(userId), userId, name: 'Ex Pired', email: 'x@example.com' },
        -10,
      );
      localStorage.setItem('auth_token', signTestToken({ kind: 'guest', sub: 'with-session' }));
      localStorage.setItem('user_token', expired);
      localStorage.setItem('userID', String(userId));
      localStorage.setItem('userName', 'Ex Pired');
      const toasts = recordToasts();
      const app = await startApp('/');
      try {
        await waitFor(() => expect(app.store.getState().auth.userId).toBeNull());
        await waitFor(() => expect(toasts.seen).toEqual(['Your session has expired. Please sign in again.']));
        await waitFor(() => expect(app.store.getState().auth.authToken).not.toBeNull());
        expect(await screen.findByRole('link', { name: 'Upcoming Events' })).toBeInTheDocument();
        expect(bearers()).not.toContain(`Bearer ${expired}`);
        await waitFor(() => expect(localStorage.getItem('userID')).toBeNull());
      } finally {
        toasts.stop();
        await stopApp(app.store);
      }
    },
  );
});
