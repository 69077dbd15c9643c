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
    updateProfile: build.mutation<
      { message: string; profile: Profile | null },
      { userId: string; firstName: string; lastName: string }
    >({
      query: ({ userId, firstName, lastName }) => ({
        url: '/profile/update',
        method: 'POST',
        body: { userId: Number(userId), firstName, lastName },
      }),
      transformResponse: (r: ProfileResponse) => ({ message: r.message, profile: r.data[0] ?? null }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
