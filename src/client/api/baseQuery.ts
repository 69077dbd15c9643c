import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { HTTP_TIMEOUT_MS } from '../../shared/constants';
import type { ServerFetch } from '../../shared/serverRender';
import { requestFailedOffline } from '../lib/appEvents';
import { OFFLINE_ACTION_MESSAGE } from '../lib/connectivity';
import { guestTokenRejected, sessionExpired } from '../lib/sessionEvents';
import type { RootState } from '../lib/storeTypes';
import { resolveUrl } from './apiHost';
import { obtainGuestToken } from './guestToken';

export const UNAUTHORIZED_LOG = 'Unauthorized! Token may be expired or invalid.';

const timeout = HTTP_TIMEOUT_MS > 0 ? { timeout: HTTP_TIMEOUT_MS } : {};
const v1Query = fetchBaseQuery({ baseUrl: '', ...timeout });

/** A store on the server (ssr/renderPage) reaches the API in process, through its thunk extra argument. */
const serverQueries = new WeakMap<ServerFetch, typeof v1Query>();
function queryFor(extra: unknown): typeof v1Query {
  const server = (extra as { serverFetch?: ServerFetch } | undefined)?.serverFetch;
  if (!server) return v1Query;
  let query = serverQueries.get(server);
  if (!query) serverQueries.set(server, (query = fetchBaseQuery({ baseUrl: server.origin, fetchFn: server.fetchFn })));
  return query;
}

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/** docs/behaviour.md §6: no bearer for '/public' paths or a `No-Auth: true` header; an explicit header is kept. */
function withAuthorization(args: FetchArgs, token: string | null): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  const noAuth = args.url.includes('/public') || headers.get('No-Auth') === 'true';
  headers.delete('No-Auth');
  if (noAuth) headers.delete('Authorization');
  else if (!headers.has('Authorization') && token) headers.set('Authorization', `Bearer ${token}`);
  return { ...args, headers };
}

/**
 * The session the base query reads: the auth feature's state, reached through the store's type
 * (lib/storeTypes), so that api/ imports no feature.
 */
type Session = RootState['auth'];

/** The bearer a request carries: the user's token when logged in, otherwise the guest token. */
const requestToken = (auth: Session) => (auth.userId !== null ? auth.userToken : auth.authToken);

/**
 * The one base query of the app: docs/behaviour.md §4/§6/§7 request rules. On 401 it logs the spec's message
 * and applies the guest-token rule: the stored guest token is dropped and a new one fetched and
 * stored; the original error is still returned (no retry: the caller decides). When the rejected
 * token was the signed-in user's, that session is over (expired, or logged out on another device):
 * the browser signs itself out too. An answer about a token the store has already replaced changes
 * nothing, so a burst of failures signs out once and asks for one guest token.
 */
export const appBaseQuery: AppBaseQuery = async (rawArgs, api, extraOptions) => {
  const args: FetchArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  const sent = (api.getState() as RootState).auth;
  const token = requestToken(sent);
  const request = withAuthorization({ ...args, url: resolveUrl(args.url) }, token);
  const result = await queryFor(api.extra)(request, api, extraOptions);

  // Offline, a call fails at once (or the service worker answers it from its cache): the caller is
  // told why in words it can show, and the offline notice says the action needs the network.
  if (result.error?.status === 'FETCH_ERROR' && typeof navigator !== 'undefined' && navigator.onLine === false) {
    api.dispatch(requestFailedOffline({ endpoint: api.endpoint }));
    return {
      error: {
        status: 'CUSTOM_ERROR',
        error: 'offline',
        data: { success: false, message: OFFLINE_ACTION_MESSAGE, data: null },
      },
    };
  }

  if (result.error?.status === 401) {
    console.error(UNAUTHORIZED_LOG);
    const now = (api.getState() as RootState).auth;
    if (token === null || token === requestToken(now)) {
      api.dispatch(sent.userId !== null && token !== null ? sessionExpired() : guestTokenRejected());
      await obtainGuestToken(api);
    }
  }
  return result;
};
