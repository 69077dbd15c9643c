import { apiSlice } from '../../api/apiSlice';
import {
  streamConfigData,
  VIEWING_ENTITLEMENT_HEADER,
  VIEWING_SESSION_KEY_HEADER,
  type OpenedViewingSession,
  type StreamConfigData,
  type StreamConfigResponse,
  type ViewingSession,
} from '../../../shared/contract/streams';
import type { Envelope } from '../../../shared/contract/responseEnvelope';

/** What the player uses of a stream config answer: the parsed config_data and how it plays. */
export type StreamConfig = {
  config: StreamConfigData;
  expiresAt: string;
  mode: 'live' | 'vod';
  airStartDate: string | null;
};

/**
 * This player's viewing session: its id, and the key only this device holds. Kept in memory (the
 * viewing-session hook's state), never persisted; in actions and query arguments `sessionKey` is
 * redacted from DevTools by its name (lib/redactSecrets.ts).
 */
export type SessionHandle = { sessionId: string; sessionKey: string };

/** The key travels in a header, never in the URL. */
export const sessionKeyHeader = (sessionKey: string) => ({ [VIEWING_SESSION_KEY_HEADER]: sessionKey });
/** The ticket's signed entitlement, when this browser keeps one (viewingEntitlements.ts): a header too. */
export const entitlementHeader = (entitlement: string | undefined): Record<string, string> =>
  entitlement ? { [VIEWING_ENTITLEMENT_HEADER]: entitlement } : {};

/** What an open (or a takeover) sends: the event, and the kept entitlement for it. */
export type OpenArgs = { eventId: string; entitlement?: string | undefined };

/**
 * Watching (contract streams.ts): viewing sessions for the device limit and the stream config with
 * signed, expiring URLs. The config is never cached: each fetch signs afresh for this viewer.
 */
export const playerApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    openViewingSession: build.mutation<OpenedViewingSession, OpenArgs>({
      query: ({ eventId, entitlement }) => ({
        url: '/viewing-sessions',
        method: 'POST',
        body: { eventId },
        headers: entitlementHeader(entitlement),
      }),
      transformResponse: (r: Envelope<OpenedViewingSession>) => r.data,
    }),
    keepViewingSession: build.mutation<ViewingSession, SessionHandle>({
      query: ({ sessionId, sessionKey }) => ({
        url: `/viewing-sessions/${encodeURIComponent(sessionId)}/heartbeat`,
        method: 'POST',
        headers: sessionKeyHeader(sessionKey),
      }),
      transformResponse: (r: Envelope<ViewingSession>) => r.data,
    }),
    closeViewingSession: build.mutation<void, SessionHandle>({
      query: ({ sessionId, sessionKey }) => ({
        url: `/viewing-sessions/${encodeURIComponent(sessionId)}`,
        method: 'DELETE',
        headers: sessionKeyHeader(sessionKey),
      }),
    }),
    getStreamConfig: build.query<StreamConfig, { path: string; entitlement?: string | undefined } & SessionHandle>({
      query: ({ path, sessionId, sessionKey, entitlement }) => ({
        url: `/admin/asset/streamconfig/${encodeURIComponent(path)}`,
        params: { session: sessionId },
        headers: { ...sessionKeyHeader(sessionKey), ...entitlementHeader(entitlement) },
      }),
      // The cache key is made of the arguments and is itself a key in the store's state: leave the secret out of it.
      serializeQueryArgs: ({ queryArgs: { path, sessionId } }) => ({ path, sessionId }),
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

export const { useLazyGetStreamConfigQuery } = playerApi;
