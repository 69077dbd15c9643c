import { useCallback, useMemo } from 'react';
import { apiSlice } from '../../api/apiSlice';
import { useAppDispatch } from '../../lib/hooks';
import type { LiveNowData } from '../../../shared/contract/live';
import type { Envelope } from '../../../shared/contract/responseEnvelope';

// 'Live now' is a feature of its own: the catalog, cart, checkout and orders read it, and it reads none of them.

/** How often a catalog page asks again what is on air (the server keeps its answer five seconds). */
const LIVE_NOW_POLL_MS = 30_000;

/** The shows on air now with their watcher counts (GET /v1/live: ours, the spec has no live listing). */
export const liveNowApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getLiveNow: build.query<LiveNowData['events'], void>({
      query: () => '/live',
      transformResponse: (r: Envelope<LiveNowData>) => r.data.events,
      keepUnusedDataFor: 60,
    }),
  }),
});

/** Whether the event (by id or path) is on air now: its path, else null (not on air, or not known yet). */
export function useOnAirPath(idOrPath: string): string | null {
  const { data } = liveNowApi.useGetLiveNowQuery(undefined, { pollingInterval: LIVE_NOW_POLL_MS });
  return data?.find((e) => String(e.id) === idOrPath || e.path === idOrPath)?.path ?? null;
}

/**
 * The shows on air now, event id to about how many watch: the server-rendered page brings the first
 * answer (shellServerData), then it is asked again every 30 s while the tab is in front.
 */
export function useLiveNow(): ReadonlyMap<number, number> {
  const { data } = liveNowApi.useGetLiveNowQuery(undefined, {
    pollingInterval: LIVE_NOW_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return useMemo(() => new Map((data ?? []).map((e) => [e.id, e.watching])), [data]);
}

/**
 * Asks afresh which of these events is on air now (a fan who just bought one goes straight to it):
 * the first one's path, or null (none, or the question failed: the usual way on is taken).
 */
export function useFindOnAir() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (eventIds: number[]): Promise<string | null> => {
      const request = dispatch(liveNowApi.endpoints.getLiveNow.initiate(undefined, { forceRefetch: true }));
      try {
        const onAir = await request.unwrap();
        return onAir.find((e) => eventIds.includes(e.id))?.path ?? null;
      } catch {
        return null;
      } finally {
        request.unsubscribe();
      }
    },
    [dispatch],
  );
}
