import { apiSlice } from '../../api/apiSlice';
import { useAppSelector } from '../../lib/hooks';
import { CACHE_SECONDS } from '../../../shared/constants';
import type { AssetDetail } from '../../../shared/contract/catalog';
import type { OrderHistoryPage, OrderLookupRow, OrderSort } from '../../../shared/contract/orders';
import { selectUserId } from '../auth/authSelectors';

type Envelope<T> = { data: T; message: string };
const NEWEST_FIRST: OrderSort = '-created';

/** docs/behaviour.md §7 order reads. Every one is tagged 'Order', which a created order invalidates (checkoutApi). */
const ordersApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Presence of a row = the user bought the event (docs/behaviour.md §3). Never cached (§9: order lookup 0). */
    getOrderLookup: build.query<OrderLookupRow[], { userId: number; assetId: number }>({
      // docs/behaviour.md §7: filter {userId, assetId} and sortBy, newest first.
      query: (filter) => ({ url: '/order', params: { filter: JSON.stringify(filter), sortBy: NEWEST_FIRST } }),
      transformResponse: (r: Envelope<OrderLookupRow[]>) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.orderLookup,
      providesTags: ['Order'],
    }),
    getOrderHistory: build.query<OrderHistoryPage, { userId: number; offset: number; limit: number }>({
      query: (params) => ({ url: '/order/history', params }),
      transformResponse: (r: Envelope<OrderHistoryPage>) => r.data,
      providesTags: ['Order'],
    }),
  }),
});

export const { useGetOrderHistoryQuery } = ordersApi;
const { useGetOrderLookupQuery } = ordersApi;

/**
 * docs/behaviour.md §4 "Access", one rule for the event page and the player: a premium event is the user's when
 * the server says so (canUserWatchAsset) or an order for it exists (GET /order, never cached: a
 * purchase in another tab shows on the next visit). `checking` while that lookup runs; `failed`
 * when it could not be made (the server then decides, when asked for the stream).
 */
export function useEventOwnership(event: AssetDetail | null | undefined): {
  owned: boolean;
  checking: boolean;
  failed: boolean;
} {
  const userId = useAppSelector(selectUserId);
  const ask = event != null && userId !== null && event.isPremium === 1 && event.canUserWatchAsset !== 1;
  const { data, isLoading, isError } = useGetOrderLookupQuery(
    { userId: Number(userId), assetId: event?.id ?? 0 },
    { skip: !ask, refetchOnMountOrArgChange: true },
  );
  return {
    owned: event?.canUserWatchAsset === 1 || (data?.length ?? 0) > 0,
    checking: ask && isLoading,
    failed: ask && isError,
  };
}
