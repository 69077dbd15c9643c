import { apiSlice } from '../../api/apiSlice';
import { liveStateData, type LiveStateData } from '../../../shared/contract/live';
import type { Envelope } from '../../../shared/contract/responseEnvelope';

/**
 * A live show's feeds (contract live.ts): public, asked by event path, polled every second while the
 * player shows a live stream (useLiveFeeds). The answer is checked like the stream config is.
 */
const liveApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getLiveState: build.query<LiveStateData, string>({
      query: (id) => ({ url: `/live/${encodeURIComponent(id)}` }),
      transformResponse: (r: Envelope<unknown>) => liveStateData.parse(r.data),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetLiveStateQuery } = liveApi;
