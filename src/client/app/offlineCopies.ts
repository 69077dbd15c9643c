import { apiSlice } from '../api/apiSlice';
import type { AppDispatch } from './store';

type QueryEntry = { endpointName?: string; originalArgs?: unknown };
type Initiate = (args: unknown, options: { subscribe: boolean; forceRefetch: boolean }) => Parameters<AppDispatch>[0];

/**
 * A server-rendered page's answers reached the browser inside the HTML, not through the service
 * worker, which therefore kept no copy for offline use (sw/cacheRules.ts). Once the page is idle
 * and a worker controls it, they are asked for once more, through the worker, so a page visited
 * online still renders offline.
 */
export function keepServerAnswersForOffline(
  dispatch: AppDispatch,
  queries: Record<string, QueryEntry | undefined>,
): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller === null) return;
  const endpoints = apiSlice.endpoints as unknown as Record<string, { initiate?: Initiate } | undefined>;
  for (const entry of Object.values(queries)) {
    const initiate = entry?.endpointName ? endpoints[entry.endpointName]?.initiate : undefined;
    if (initiate) void dispatch(initiate(entry!.originalArgs, { subscribe: false, forceRefetch: true }));
  }
}
