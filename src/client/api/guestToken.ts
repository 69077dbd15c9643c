import type { Dispatch } from '@reduxjs/toolkit';
import { guestTokenFetchFailed, guestTokenReceived } from '../lib/sessionEvents';
import { resolveUrl } from './apiHost';

type StoreApi = { dispatch: Dispatch; getState: () => unknown };

// One request per store at a time, however many callers (start-up, retry, every 401) ask at once.
// Keyed by the store's getState: the one function every middleware, thunk and listener shares.
const inFlight = new WeakMap<StoreApi['getState'], Promise<void>>();

/**
 * Fetches a new guest token and stores it (guestTokenReceived), or records why it failed
 * (guestTokenFetchFailed). A caller arriving while a request is out shares it.
 */
export function obtainGuestToken({ dispatch, getState }: StoreApi): Promise<void> {
  const pending = inFlight.get(getState);
  if (pending) return pending;
  const request = (async () => {
    try {
      // No Authorization: this is how a browser without a usable token gets one.
      const res = await fetch(resolveUrl('/token/guest'));
      const body = (await res.json().catch(() => null)) as { data?: unknown } | null;
      if (!res.ok || typeof body?.data !== 'string' || !body.data) throw new Error(`HTTP ${res.status}`);
      dispatch(guestTokenReceived(body.data));
    } catch (err) {
      dispatch(
        guestTokenFetchFailed(err instanceof Error && err.message.startsWith('HTTP') ? err.message : 'network error'),
      );
    }
  })().finally(() => inFlight.delete(getState));
  inFlight.set(getState, request);
  return request;
}
