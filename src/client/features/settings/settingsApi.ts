import { apiSlice } from '../../api/apiSlice';
import { CACHE_SECONDS } from '../../../shared/constants';
import type { MiscDataItem, MiscDataResponse } from '../../../shared/contract/misc';
import type { PublicConfig, PublicConfigResponse } from '../../../shared/contract/publicConfig';

/**
 * The server's settings: /misc/data, and the public configuration (payment and Google sign-in keys)
 * that the sign-in page, checkout and the newsletter form read. The configuration lives here, not in
 * catalogApi, so that auth and checkout reach it without depending on the catalog.
 */
export const settingsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<MiscDataItem[], string[]>({
      query: (keys) => ({ url: '/misc/data', params: { filter: JSON.stringify({ key: keys }) } }),
      transformResponse: (response: MiscDataResponse) => response.data,
      providesTags: ['Settings'],
    }),
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => '/public/config',
      transformResponse: (r: PublicConfigResponse) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
    }),
  }),
});

export const { useGetPublicConfigQuery } = settingsApi;
