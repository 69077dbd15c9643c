import { apiSlice } from '../../api/apiSlice';
import type { MiscDataItem, MiscDataResponse } from '../../../shared/contract/misc';

export const miscApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<MiscDataItem[], string[]>({
      query: (keys) => ({ url: '/misc/data', params: { filter: JSON.stringify({ key: keys }) } }),
      transformResponse: (response: MiscDataResponse) => response.data,
      providesTags: ['Settings'],
    }),
  }),
});
