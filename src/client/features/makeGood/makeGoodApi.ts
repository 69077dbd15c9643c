import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { MakeGoodBody, MakeGoodData } from '../../../shared/contract/guarantee';

/**
 * The guaranteed view's make-good link (contract guarantee.ts): what happened and the fan's choice.
 * The token in the address proves the ticket, so these calls work signed out.
 */
const makeGoodApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getMakeGood: build.query<MakeGoodData, string>({
      query: (token) => ({ url: `/make-good/${encodeURIComponent(token)}` }),
      transformResponse: (r: Envelope<MakeGoodData>) => r.data,
      keepUnusedDataFor: 0,
    }),
    chooseMakeGood: build.mutation<MakeGoodData, { token: string } & MakeGoodBody>({
      query: ({ token, remedy }) => ({
        url: `/make-good/${encodeURIComponent(token)}`,
        method: 'POST',
        body: { remedy },
      }),
      transformResponse: (r: Envelope<MakeGoodData>) => r.data,
      // The page shows the answer at once: the read is put in step with it.
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(makeGoodApi.util.upsertQueryData('getMakeGood', token, data));
      },
    }),
  }),
});

export const { useGetMakeGoodQuery, useChooseMakeGoodMutation } = makeGoodApi;
