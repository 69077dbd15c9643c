import { apiSlice } from '../../api/apiSlice';
import {
  streamConfigData, type StreamConfigData, type StreamConfigResponse, type ViewingSession,
} from '../../../shared/contract/streams';
import type { Envelope } from '../../../shared/contract/envelope';

/** What the player uses of a stream config answer: the parsed config_data and how it plays. */
export type StreamConfig = {
  config: StreamConfigData;
  expiresAt: string;
  mode: 'live' | 'vod';
  airStartDate: string | null;
};

/**
 * Watching (contract streams.ts): viewing sessions for the device limit and the stream config with
 * signed, expiring URLs. The config is never cached: each fetch signs afresh for this viewer.
 */
export const playerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    openViewingSession: build.mutation<ViewingSession, { eventId: string }>({
      query: (body) => ({ url: '/viewing-sessions', method: 'POST', body }),
      transformResponse: (r: Envelope<ViewingSession>) => r.data,
    }),
    keepViewingSession: build.mutation<ViewingSession, string>({
      query: (sessionId) => ({ url: `/viewing-sessions/${encodeURIComponent(sessionId)}/heartbeat`, method: 'POST' }),
      transformResponse: (r: Envelope<ViewingSession>) => r.data,
    }),
    closeViewingSession: build.mutation<void, string>({
      query: (sessionId) => ({ url: `/viewing-sessions/${encodeURIComponent(sessionId)}`, method: 'DELETE' }),
    }),
    getStreamConfig: build.query<StreamConfig, { path: string; session: string }>({
      query: ({ path, session }) => ({ url: `/admin/asset/streamconfig/${encodeURIComponent(path)}`, params: { session } }),
      transformResponse: ({ data }: StreamConfigResponse) => ({
        config: streamConfigData.parse(JSON.parse(data.config_data)),
        expiresAt: data.expiresAt,
        mode: data.mode,
        airStartDate: data.airStartDate,
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useOpenViewingSessionMutation, useKeepViewingSessionMutation, useCloseViewingSessionMutation, useLazyGetStreamConfigQuery,
} = playerApi;

/** The HTTP status of a failed call (null for network and parsing failures). */
export function errorStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : null;
}

/** The server's message of a failed call, if it sent one. */
export function errorMessage(error: unknown): string | null {
  const message = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
  return typeof message === 'string' && message ? message : null;
}
