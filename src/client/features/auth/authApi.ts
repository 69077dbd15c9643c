import { apiSlice } from '../../api/apiSlice';
import type { GuestTokenResponse } from '../../../shared/contract/auth';

export const authApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** A fresh guest token each call (never served from cache): the server makes a new guest. */
    issueGuestToken: build.mutation<string, void>({
      query: () => ({ url: '/token/guest', method: 'GET', headers: { 'No-Auth': 'true' } }),
      transformResponse: (response: GuestTokenResponse) => response.data,
    }),
  }),
});
