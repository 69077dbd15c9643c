import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiSlice } from '../../../src/client/api/apiSlice';
import { UNAUTHORIZED_LOG } from '../../../src/client/api/baseQuery';
import { makeStore } from '../../../src/client/app/store';
import type { AuthState } from '../../../src/client/features/auth/authSlice';
import { preloaded } from '../../utils/renderWithProviders';
import { signTestToken } from '../../utils/signToken';
import { signUpOnTestServer } from '../../utils/apiUser';

/**
 * The request rules of docs/behaviour.md §4/§6/§7, observed against the real server (started for the client
 * tests by apiServer.setup.ts): a bad bearer is answered 401, no bearer or a good one is not.
 */
const probeApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({ probe: build.mutation<unknown, FetchArgs>({ query: (args) => args }) }),
});

const SETTINGS = { url: '/misc/data', params: { filter: '{"key":["demoUse"]}' } };
const BAD = 'bad.token.value';
const guestToken = () => signTestToken({ kind: 'guest', sub: 'guest-1' });
let user: { token: string; userId: number };
beforeAll(async () => {
  user = await signUpOnTestServer(`base-query-${Date.now()}@example.com`);
});

async function call(auth: Partial<AuthState>, args: FetchArgs) {
  const store = makeStore(preloaded({ auth }));
  const result = await store.dispatch(probeApi.endpoints.probe.initiate(args));
  return { store, result };
}
const statusOf = (r: Awaited<ReturnType<typeof call>>['result']) =>
  'error' in r ? (r.error as { status: unknown }).status : 200;

let errorLog: jest.SpyInstance;
beforeEach(() => {
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errorLog.mockRestore());

describe('base path', () => {
  it('puts /v1 before API paths', async () => {
    const { result } = await call({}, { url: '/token/guest', headers: { 'No-Auth': 'true' } });
    expect(statusOf(result)).toBe(200);
  });

  it("calls '/misc/data' on the host itself, without /v1", async () => {
    const { result } = await call({ authToken: guestToken() }, SETTINGS);
    expect(statusOf(result)).toBe(200);
    expect(result).toMatchObject({ data: { data: [{ variableKey: 'demoUse' }] } });
  });
});

describe('bearer token', () => {
  it('sends the guest token when no user is logged in', async () => {
    expect(statusOf((await call({ authToken: guestToken() }, SETTINGS)).result)).toBe(200);
    expect(statusOf((await call({ authToken: BAD }, SETTINGS)).result)).toBe(401);
  });

  it('sends the user token when a user id is stored (logged in), not the guest token', async () => {
    expect(
      statusOf((await call({ userId: String(user.userId), userToken: user.token, authToken: BAD }, SETTINGS)).result),
    ).toBe(200);
    expect(
      statusOf((await call({ userId: String(user.userId), userToken: BAD, authToken: guestToken() }, SETTINGS)).result),
    ).toBe(401);
  });

  it('keeps an Authorization header the request already has', async () => {
    const { result } = await call(
      { authToken: BAD },
      { ...SETTINGS, headers: { Authorization: `Bearer ${guestToken()}` } },
    );
    expect(statusOf(result)).toBe(200);
  });

  it("sends no Authorization for a path containing '/public'", async () => {
    // With a bad bearer the server would answer 401; without one this unknown path is a plain 404.
    const { result } = await call({ authToken: BAD }, { url: '/public/nothing' });
    expect(statusOf(result)).toBe(404);
  });

  it('sends no Authorization with a No-Auth: true header, even over an explicit one', async () => {
    expect(statusOf((await call({ authToken: BAD }, { ...SETTINGS, headers: { 'No-Auth': 'true' } })).result)).toBe(
      200,
    );
    const explicit = { ...SETTINGS, headers: { 'No-Auth': 'true', Authorization: `Bearer ${BAD}` } };
    expect(statusOf((await call({ authToken: guestToken() }, explicit)).result)).toBe(200);
  });
});

describe('401', () => {
  it('logs, replaces the guest token with a fresh one from the server, returns the error, does not retry', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const { store, result } = await call({ authToken: BAD }, SETTINGS);
      expect(statusOf(result)).toBe(401);
      expect(errorLog).toHaveBeenCalledWith(UNAUTHORIZED_LOG);
      const fresh = store.getState().auth.authToken;
      expect(fresh).not.toBe(BAD);
      expect(fresh).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const urls = fetchSpy.mock.calls.map(([req]) => (req instanceof Request ? req.url : String(req)));
      expect(urls).toHaveLength(2);
      expect(urls[0]).toContain('/misc/data');
      expect(urls[1]).toMatch(/\/v1\/token\/guest$/);
      // The fresh token works.
      expect(statusOf((await call({ authToken: fresh }, SETTINGS)).result)).toBe(200);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it('shares one replacement token between requests that fail together', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    try {
      const store = makeStore(preloaded({ auth: { authToken: BAD } }));
      await Promise.all(
        [1, 2, 3].map((n) =>
          store.dispatch(
            probeApi.endpoints.probe.initiate({ ...SETTINGS, params: { filter: `{"key":["demoUse"]}`, n } }),
          ),
        ),
      );
      const tokenCalls = fetchSpy.mock.calls.filter(([req]) =>
        String(req instanceof Request ? req.url : req).endsWith('/token/guest'),
      );
      expect(tokenCalls).toHaveLength(1);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
