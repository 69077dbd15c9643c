import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { StudioLive, StudioLiveMessageBody } from '../../../shared/contract/studioLive';

const data = (r: Envelope<StudioLive>) => r.data;
const url = (id: number, action = '') => `/studio/events/${id}/live${action}`;
/** Every action answers the room's state: it replaces the polled one at once (and the audit is read again). */
const answered = { invalidatesTags: ['StudioAudit'] as const };

/**
 * The live control room's state and actions (shared/contract/studioLive.ts). Stream keys are not
 * here: they must never sit in the store (see useIssueKeys).
 */
const studioLiveApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getStudioLive: build.query<StudioLive, number>({
      query: (id) => url(id),
      transformResponse: data,
      providesTags: (_r, _e, id) => [{ type: 'StudioLive', id }],
      keepUnusedDataFor: 0,
    }),
    liveShowAction: build.mutation<StudioLive, { id: number; action: 'start' | 'end' }>({
      query: ({ id, action }) => ({ url: url(id, `/${action}`), method: 'POST', body: {} }),
      transformResponse: data,
      ...answered,
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data: state } = await queryFulfilled.catch(() => ({ data: null }));
        if (state) dispatch(studioLiveApi.util.upsertQueryData('getStudioLive', id, state));
      },
    }),
    setLiveMessage: build.mutation<StudioLive, { id: number; body: StudioLiveMessageBody }>({
      query: ({ id, body }) => ({ url: url(id, '/message'), method: 'POST', body }),
      transformResponse: data,
      ...answered,
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data: state } = await queryFulfilled.catch(() => ({ data: null }));
        if (state) dispatch(studioLiveApi.util.upsertQueryData('getStudioLive', id, state));
      },
    }),
  }),
});

/** Reads the room's state again (after keys were issued outside the store). */
export const refreshLive = (id: number) =>
  studioLiveApi.util.invalidateTags([{ type: 'StudioLive', id }, 'StudioAudit']);

export const { useGetStudioLiveQuery, useLiveShowActionMutation, useSetLiveMessageMutation } = studioLiveApi;
