import { apiSlice } from '../../api/apiSlice';
import type { OrderManage } from '../../../shared/contract/orderManage';

type Envelope<T> = { data: T; message: string };

/**
 * The fan's own changes to an order (GET …/manage, POST …/cancel, POST …/tickets/{eventId}/transfer).
 * A change ends access at once, so it invalidates every read that shows access: the order lookup and
 * history ('Order'), the order page's cart ('Cart') and the event page's detail ('Event').
 */
const orderManageApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getOrderManage: build.query<OrderManage, number>({
      query: (cartId) => `/order/${cartId}/manage`,
      transformResponse: (r: Envelope<OrderManage>) => r.data,
      keepUnusedDataFor: 0,
      providesTags: ['Order'],
    }),
    cancelOrder: build.mutation<OrderManage, number>({
      query: (cartId) => ({ url: `/order/${cartId}/cancel`, method: 'POST', body: {} }),
      transformResponse: (r: Envelope<OrderManage>) => r.data,
      invalidatesTags: (result) => (result ? ['Order', 'Cart', 'Event'] : []),
    }),
    transferTicket: build.mutation<OrderManage, { cartId: number; eventId: number; email: string }>({
      query: ({ cartId, eventId, email }) => ({
        url: `/order/${cartId}/tickets/${eventId}/transfer`,
        method: 'POST',
        body: { email },
      }),
      transformResponse: (r: Envelope<OrderManage>) => r.data,
      invalidatesTags: (result) => (result ? ['Order', 'Cart', 'Event'] : []),
    }),
  }),
});

export const { useGetOrderManageQuery, useCancelOrderMutation, useTransferTicketMutation } = orderManageApi;
