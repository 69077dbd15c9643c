import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { StudioMe } from '../../../shared/contract/studio';

/** Who the organizer is: the console's gate (403 with the server's sentence for anyone else). */
const studioApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getStudioMe: build.query<StudioMe, void>({
      query: () => '/studio/me',
      transformResponse: (r: Envelope<StudioMe>) => r.data,
      // The role is the server's to say on every call: a revoke shows at the next visit.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetStudioMeQuery } = studioApi;
