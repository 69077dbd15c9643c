import { apiSlice } from '../../api/apiSlice';
import type { WaitlistStatus } from '../../../shared/contract/waitlist';

type Envelope<T> = { data: T; message: string };

/**
 * The signed-in fan's place on a sold-out event's waiting list (GET|POST|DELETE /v1/waitlist/{id}).
 * Never cached: a seat held since the last visit shows at once. Joining and leaving write their
 * answer into the place the page reads.
 */
const waitlistApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getWaitlist: build.query<WaitlistStatus, number>({
      query: (eventId) => `/waitlist/${eventId}`,
      transformResponse: (r: Envelope<WaitlistStatus>) => r.data,
      keepUnusedDataFor: 0,
    }),
    joinWaitlist: build.mutation<WaitlistStatus, number>({
      query: (eventId) => ({ url: `/waitlist/${eventId}`, method: 'POST' }),
      transformResponse: (r: Envelope<WaitlistStatus>) => r.data,
      async onQueryStarted(eventId, { dispatch, queryFulfilled }) {
        const answered = await queryFulfilled.catch(() => null); // a refusal is the caller's to show (unwrap)
        if (answered) dispatch(waitlistApi.util.upsertQueryData('getWaitlist', eventId, answered.data));
      },
    }),
    leaveWaitlist: build.mutation<WaitlistStatus, number>({
      query: (eventId) => ({ url: `/waitlist/${eventId}`, method: 'DELETE' }),
      transformResponse: (r: Envelope<WaitlistStatus>) => r.data,
      async onQueryStarted(eventId, { dispatch, queryFulfilled }) {
        const answered = await queryFulfilled.catch(() => null); // a refusal is the caller's to show (unwrap)
        if (answered) dispatch(waitlistApi.util.upsertQueryData('getWaitlist', eventId, answered.data));
      },
    }),
  }),
});

export const { useGetWaitlistQuery, useJoinWaitlistMutation, useLeaveWaitlistMutation } = waitlistApi;
