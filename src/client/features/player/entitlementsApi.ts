import { useEffect } from 'react';
import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { ViewingEntitlement } from '../../../shared/contract/streams';
import { keepEntitlements } from './viewingEntitlements';

/**
 * The caller's tickets, signed (contract streams.ts GET /v1/viewing-entitlements). Apart from the
 * player's API so that the page a buyer lands on after paying (the profile, with the order history)
 * reads them without the player's code.
 */
const entitlementsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getViewingEntitlements: build.query<ViewingEntitlement[], void>({
      query: () => '/viewing-entitlements',
      transformResponse: (r: Envelope<{ entitlements: ViewingEntitlement[] }>) => r.data.entitlements,
      // A new order (or a refund) changes them: read again with the order history.
      providesTags: ['Order'],
    }),
  }),
});

/**
 * Keeps the signed-in user's tickets in this browser (viewingEntitlements.ts), so a first play
 * during an outage of the server's database still gets in. A failed read changes nothing.
 */
export function useKeptViewingEntitlements(userId: string): void {
  const { data } = entitlementsApi.useGetViewingEntitlementsQuery();
  useEffect(() => {
    if (data) keepEntitlements(userId, data);
  }, [data, userId]);
}
