import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { SalesDashboard } from '../../../shared/contract/studioSales';

/** GET /v1/studio/sales: every event's figures, or one event's (shared/contract/studioSales.ts). */
const salesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getSalesDashboard: build.query<SalesDashboard, { eventId?: number }>({
      query: (params) => ({ url: '/studio/sales', params }),
      transformResponse: (r: Envelope<SalesDashboard>) => r.data,
      providesTags: ['StudioSales'],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useGetSalesDashboardQuery } = salesApi;
