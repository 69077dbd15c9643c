import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { StudioOrderDetail, StudioOrderPage, StudioOrdersQuery } from '../../../shared/contract/studioSales';

/** The console's orders and refunds (shared/contract/studioSales.ts). */
const studioOrdersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listStudioOrders: build.query<StudioOrderPage, Partial<StudioOrdersQuery>>({
      query: (params) => ({ url: '/studio/orders', params }),
      transformResponse: (r: Envelope<StudioOrderPage>) => r.data,
      providesTags: [{ type: 'StudioOrder', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    getStudioOrder: build.query<StudioOrderDetail, string>({
      query: (id) => `/studio/orders/${encodeURIComponent(id)}`,
      transformResponse: (r: Envelope<StudioOrderDetail>) => r.data,
      providesTags: (r, _e, id) => [{ type: 'StudioOrder', id: r?.id ?? id }],
      keepUnusedDataFor: 0,
    }),
    /** A full refund; the answer is the order after it (payment.state 'refunded'). */
    refundStudioOrder: build.mutation<StudioOrderDetail, number>({
      query: (id) => ({ url: `/studio/orders/${id}/refund`, method: 'POST', body: {} }),
      transformResponse: (r: Envelope<StudioOrderDetail>) => r.data,
      // Whatever the answer (a 502 leaves the order 'refund_pending'), the order, lists and figures are read again.
      invalidatesTags: (_r, _e, id) => [
        { type: 'StudioOrder', id },
        { type: 'StudioOrder', id: 'LIST' },
        'StudioSales',
        'StudioAudit',
        { type: 'StudioEvent', id: 'LIST' },
      ],
    }),
  }),
});

export const { useListStudioOrdersQuery, useGetStudioOrderQuery, useRefundStudioOrderMutation } = studioOrdersApi;
