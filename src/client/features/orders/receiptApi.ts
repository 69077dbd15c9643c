import { apiSlice } from '../../api/apiSlice';
import type { Receipt } from '../../../shared/contract/receipt';

type Envelope<T> = { data: T; message: string };

/** GET /v1/order/{cartId}/receipt: the owner's receipt, tagged 'Order' (a cancellation or refund shows at once). */
const receiptApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getReceipt: build.query<Receipt, number>({
      query: (cartId) => `/order/${cartId}/receipt`,
      transformResponse: (r: Envelope<Receipt>) => r.data,
      providesTags: ['Order'],
    }),
  }),
});

export const { useGetReceiptQuery } = receiptApi;
