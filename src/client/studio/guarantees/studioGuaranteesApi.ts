import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { StudioGuarantees } from '../../../shared/contract/guarantee';

/** GET /v1/studio/events/{id}/guarantees: the guaranteed view's decisions for one event (contract guarantee.ts). */
const studioGuaranteesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getStudioGuarantees: build.query<StudioGuarantees, number>({
      query: (id) => ({ url: `/studio/events/${id}/guarantees` }),
      transformResponse: (r: Envelope<StudioGuarantees>) => r.data,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetStudioGuaranteesQuery } = studioGuaranteesApi;
