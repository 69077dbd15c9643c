import { waitFor } from '@testing-library/react';
import { apiSlice } from '../../../../src/client/api/apiSlice';
import { appStopped } from '../../../../src/client/lib/appEvents';
import type { AppStore } from '../../../../src/client/app/store';
import { userSignedIn, userSignedOut } from '../../../../src/client/features/auth/authEvents';
import { signUpOnTestServer } from '../../../utils/apiUser';
import { startStore } from '../../../utils/startStore';
import { signTestToken } from '../../../utils/signToken';

/**
 * docs/behaviour.md §4 "Display name": a logged-in user whose stored name is missing or 'undefined undefined'
 * gets a profile fetch, and the local part of the e-mail is stored as the name. Against the real
 * test server, with a store wired as main.tsx wires it (rehydrated from localStorage, listeners on).
 */
const GUEST = signTestToken({ kind: 'guest', sub: 'display-name' });
const EMAIL = `Night.Owl+${Date.now()}@example.com`;
const LOCAL_PART = EMAIL.split('@')[0]!.toLowerCase(); // the server keeps addresses in lower case
let user: { token: string; userId: number };
beforeAll(async () => {
  user = await signUpOnTestServer(EMAIL, 'Night', 'Owl');
});

const requestedUrls = (spy: jest.SpyInstance) =>
  spy.mock.calls.map(([req]) => (req instanceof Request ? req.url : String(req)));
const profileCalls = (spy: jest.SpyInstance) =>
  requestedUrls(spy).filter((u) => u.includes(`/v1/profile/${user.userId}`));

let store: AppStore | undefined;
let fetchSpy: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem('auth_token', GUEST);
  fetchSpy = jest.spyOn(globalThis, 'fetch');
});
afterEach(async () => {
  if (store) {
    store.dispatch(appStopped());
    await Promise.all(store.dispatch(apiSlice.util.getRunningQueriesThunk()));
    store = undefined;
  }
  fetchSpy.mockRestore();
});

const signedInWith = (userName: string | null) => {
  localStorage.setItem('user_token', user.token);
  localStorage.setItem('userID', String(user.userId));
  if (userName !== null) localStorage.setItem('userName', userName);
};

/** The user's token as the server signs them, naming nobody (a user who saved an empty name, then signed in). */
const namelessToken = () =>
  signTestToken({ kind: 'user', sub: String(user.userId), userId: user.userId, name: '', email: EMAIL.toLowerCase() });

describe('display name of a logged-in user', () => {
  it.each([
    ['a missing', null],
    ["an 'undefined undefined'", 'undefined undefined'],
    ['an empty', ''],
  ])(
    '%s stored name is taken from the session token when it names the user, with no profile fetch',
    async (_name, stored) => {
      signedInWith(stored);
      store = await startStore();
      await waitFor(() => expect(store!.getState().auth.userName).toBe('Night Owl'));
      await waitFor(() => expect(localStorage.getItem('userName')).toBe('Night Owl'));
      expect(profileCalls(fetchSpy)).toEqual([]);
    },
  );

  it.each([
    ['a missing', null],
    ["an 'undefined undefined'", 'undefined undefined'],
  ])(
    '%s stored name with a token that names nobody is fetched and replaced by the e-mail’s local part' +
      ' (docs/behaviour.md §4)',
    async (_name, stored) => {
      signedInWith(stored);
      localStorage.setItem('user_token', namelessToken());
      store = await startStore();
      await waitFor(() => expect(store!.getState().auth.userName).toBe(LOCAL_PART));
      expect(profileCalls(fetchSpy)).toHaveLength(1);
      await waitFor(() => expect(localStorage.getItem('userName')).toBe(LOCAL_PART));
    },
  );

  it('a real stored name is kept and no profile is fetched for it', async () => {
    signedInWith('Night Owl');
    store = await startStore();
    // The name rule runs (and would start its fetch) while appStarted is dispatched; let anything it started finish.
    await Promise.all(store.dispatch(apiSlice.util.getRunningQueriesThunk()));
    await new Promise((r) => setTimeout(r, 50));
    expect(profileCalls(fetchSpy)).toEqual([]);
    expect(Object.keys(store.getState().api.queries).filter((k) => k.startsWith('getProfile'))).toEqual([]);
    expect(store.getState().auth.userName).toBe('Night Owl');
  });

  it(
    'a sign-in that brings no name resolves it from the token, or by the spec’s profile fetch when the token ' +
      'names nobody',
    async () => {
      store = await startStore();
      expect(store.getState().auth.userId).toBeNull();
      store.dispatch(userSignedIn({ userToken: user.token, userId: user.userId }));
      await waitFor(() => expect(store!.getState().auth.userName).toBe('Night Owl'));
      expect(profileCalls(fetchSpy)).toEqual([]);
      store.dispatch(userSignedOut());
      store.dispatch(userSignedIn({ userToken: namelessToken(), userId: user.userId }));
      await waitFor(() => expect(store!.getState().auth.userName).toBe(LOCAL_PART));
      expect(profileCalls(fetchSpy)).toHaveLength(1);
    },
  );

  it('a login in another tab (userID and token, no name) resolves it here too', async () => {
    store = await startStore();
    const fromOtherTab = (key: string, newValue: string) =>
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: window.localStorage }));
    fromOtherTab('user_token', user.token);
    fromOtherTab('userID', String(user.userId));
    await waitFor(() => expect(store!.getState().auth.userName).toBe('Night Owl'));
  });
});
