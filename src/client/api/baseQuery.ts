import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { HTTP_TIMEOUT_MS } from '../../shared/constants';
import { guestTokenReceived, guestTokenRejected } from '../features/auth/authEvents';
import type { AuthState } from '../features/auth/authSlice';
import { apiHost } from './apiHost';

export const UNAUTHORIZED_LOG = 'Unauthorized! Token may be expired or invalid.';

const timeout = HTTP_TIMEOUT_MS > 0 ? { timeout: HTTP_TIMEOUT_MS } : {};
const v1Query = fetchBaseQuery({ baseUrl: '', ...timeout });

type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/** Spec §6: no bearer for '/public' paths or a `No-Auth: true` header; an explicit header is kept. */
function withAuthorization(args: FetchArgs, token: string | null): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  const noAuth = args.url.includes('/public') || headers.get('No-Auth') === 'true';
  headers.delete('No-Auth');
  if (noAuth) headers.delete('Authorization');
  else if (!headers.has('Authorization') && token) headers.set('Authorization', `Bearer ${token}`);
  return { ...args, headers };
}

/** Spec §7: the API host plus '/v1', except '/misc/data' which lives on the host itself. */
export function resolveUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  const host = apiHost();
  return path.includes('/misc/data') ? `${host}${path}` : `${host}/v1${path}`;
}

// Several requests may fail with 401 at once; they share one replacement guest token.
let guestTokenInFlight: Promise<void> | null = null;

/**
 * The one base query of the app: spec §4/§6/§7 request rules. On 401 it logs the spec's message,
 * drops the stored guest token, fetches and stores a new one, and still returns the original error
 * (no retry: the caller decides).
 */
export const appBaseQuery: AppBaseQuery = async (rawArgs, api, extraOptions) => {
  const args: FetchArgs = typeof rawArgs === 'string' ? { url: rawArgs } : rawArgs;
  const state = api.getState() as { auth: AuthState };
  const token = state.auth.userId !== null ? state.auth.userToken : state.auth.authToken;
  const request = withAuthorization({ ...args, url: resolveUrl(args.url) }, token);
  const result = await v1Query(request, api, extraOptions);

  if (result.error?.status === 401) {
    console.error(UNAUTHORIZED_LOG);
    api.dispatch(guestTokenRejected());
    guestTokenInFlight ??= (async () => {
      const fresh = await v1Query({ url: resolveUrl('/token/guest') }, api, extraOptions);
      const token = (fresh.data as { data?: unknown } | undefined)?.data;
      if (typeof token === 'string' && token) api.dispatch(guestTokenReceived(token));
    })().finally(() => {
      guestTokenInFlight = null;
    });
    await guestTokenInFlight;
  }
  return result;
};
