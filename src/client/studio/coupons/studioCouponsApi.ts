import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type {
  CouponCreateBody,
  StudioCoupon,
  StudioCouponDetail,
  StudioCouponList,
} from '../../../shared/contract/studioCoupons';

const data = <T>(r: Envelope<T>) => r.data;
const path = (code: string) => `/studio/coupons/${encodeURIComponent(code)}`;

/** The console's coupons (contract: shared/contract/studioCoupons.ts). */
const studioCouponsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listStudioCoupons: build.query<StudioCouponList, void>({
      query: () => '/studio/coupons',
      transformResponse: data<StudioCouponList>,
      providesTags: [{ type: 'StudioCoupon', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    getStudioCoupon: build.query<StudioCouponDetail, string>({
      query: path,
      transformResponse: data<StudioCouponDetail>,
      providesTags: (r, _e, code) => [{ type: 'StudioCoupon', id: r?.code ?? code.toUpperCase() }],
      keepUnusedDataFor: 0,
    }),
    createStudioCoupon: build.mutation<StudioCoupon, CouponCreateBody>({
      query: (body) => ({ url: '/studio/coupons', method: 'POST', body }),
      transformResponse: data<StudioCoupon>,
      invalidatesTags: [{ type: 'StudioCoupon', id: 'LIST' }, 'StudioAudit'],
    }),
    /** The coupon, disabled (disabling a disabled one changes nothing). */
    disableStudioCoupon: build.mutation<StudioCoupon, string>({
      query: (code) => ({ url: `${path(code)}/disable`, method: 'POST', body: {} }),
      transformResponse: data<StudioCoupon>,
      invalidatesTags: (_r, _e, code) => [
        { type: 'StudioCoupon', id: code },
        { type: 'StudioCoupon', id: 'LIST' },
        'StudioAudit',
      ],
    }),
  }),
});

export const {
  useListStudioCouponsQuery,
  useGetStudioCouponQuery,
  useCreateStudioCouponMutation,
  useDisableStudioCouponMutation,
} = studioCouponsApi;
