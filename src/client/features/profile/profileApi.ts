import { apiSlice } from '../../api/apiSlice';
import { CACHE_SECONDS } from '../../../shared/constants';
import type { Profile, ProfileResponse } from '../../../shared/contract/identity';

export const profileApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile | null, string>({
      query: (userId) => `/profile/${encodeURIComponent(userId)}`,
      transformResponse: (r: ProfileResponse) => r.data[0] ?? null,
      keepUnusedDataFor: CACHE_SECONDS.userDetail,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<{ message: string; profile: Profile | null }, { userId: string; firstName: string; lastName: string }>({
      query: ({ userId, firstName, lastName }) => ({ url: '/profile/update', method: 'POST', body: { userId: Number(userId), firstName, lastName } }),
      transformResponse: (r: ProfileResponse) => ({ message: r.message, profile: r.data[0] ?? null }),
      // The answer is the saved profile: it replaces the cached one at once, no second request.
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.profile) dispatch(profileApi.util.upsertQueryData('getProfile', userId, data.profile));
        } catch {
          // A refused save changes nothing here; the form shows the server's sentence.
        }
      },
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
