import { apiSlice } from '../../api/apiSlice';
import { CACHE_SECONDS } from '../../../shared/constants';
import type { OrderDetails, OrderHistoryPage, OrderLookupRow } from '../../../shared/contract/orders';

type Envelope<T> = { data: T; message: string };

/** Spec §7 order reads. Every one is tagged 'Order', which a created order invalidates (checkoutApi). */
export const ordersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Presence of a row = the user bought the event (spec §3). Never cached (§9: order lookup 0). */
    getOrderLookup: build.query<OrderLookupRow[], { userId: number; assetId: number }>({
      query: (filter) => ({ url: '/order', params: { filter: JSON.stringify(filter) } }),
      transformResponse: (r: Envelope<OrderLookupRow[]>) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.orderLookup,
      providesTags: ['Order'],
    }),
    getOrderHistory: build.query<OrderHistoryPage, { userId: number; offset: number; limit: number }>({
      query: (params) => ({ url: '/order/history', params }),
      transformResponse: (r: Envelope<OrderHistoryPage>) => r.data,
      providesTags: ['Order'],
    }),
    /** The order page: the lines as bought (spec "Order details"; the route id is a cart id). */
    getOrderDetails: build.query<OrderDetails, number>({
      query: (cartId) => `/order/cart/${cartId}`,
      transformResponse: (r: Envelope<OrderDetails>) => r.data,
      providesTags: ['Order'],
    }),
  }),
});

export const { useGetOrderLookupQuery, useGetOrderHistoryQuery, useGetOrderDetailsQuery } = ordersApi;
