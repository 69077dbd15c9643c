import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { OpenedViewingSession } from '../../../shared/contract/streams';
import { entitlementHeader, type OpenArgs } from './playerApi';

/**
 * 'Watch here instead' (contract streams.ts): a viewing session for this device in place of the
 * ticket's oldest one when every device slot is in use. It answers as an open does: the session
 * and its key, redacted from DevTools by its name like the open's.
 */
export const takeoverApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    takeOverViewingSession: build.mutation<OpenedViewingSession, OpenArgs>({
      query: ({ eventId, entitlement }) => ({
        url: '/viewing-sessions/takeover',
        method: 'POST',
        body: { eventId },
        headers: entitlementHeader(entitlement),
      }),
      transformResponse: (r: Envelope<OpenedViewingSession>) => r.data,
    }),
  }),
});
