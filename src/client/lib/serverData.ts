import type { Params } from 'react-router-dom';
import type { AppDispatch } from './storeTypes';

/**
 * What a page needs from the API to render its first screen: a page module may export one as
 * `serverData`. The server awaits it before rendering the page to HTML (ssr/renderPage), so the
 * page's answers arrive with the HTML and the first screen needs no request. It dispatches the very
 * queries (with the very arguments) the page's hooks ask for, so the hooks find them in the cache.
 */
export type ServerData = (dispatch: AppDispatch, params: Params) => Promise<unknown>;

/** Runs queries and lets go of their subscriptions: the server's store only records the answers. */
export async function settle(requests: { unsubscribe(): void; unwrap(): Promise<unknown> }[]): Promise<unknown[]> {
  try {
    return await Promise.all(requests.map((r) => r.unwrap().catch(() => null)));
  } finally {
    requests.forEach((r) => r.unsubscribe());
  }
}
