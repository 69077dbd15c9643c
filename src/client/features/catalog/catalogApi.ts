import { apiSlice } from '../../api/apiSlice';
import { CACHE_SECONDS, CATEGORY_PAGE, DEVICE_TYPE_ID, HOME, LANGUAGE_ID } from '../../../shared/constants';
import type {
  AgreementResponse,
  AssetDetail,
  AssetResponse,
  BlocksResponse,
  CarouselItem,
  CarouselResponse,
  Category,
  CategoryBlock,
  CategoryListResponse,
  CategoryListing,
  FooterLink,
  FooterLinkResponse,
  ListingResponse,
  Subscription,
  SubscriptionResponse,
  Agreement,
} from '../../../shared/contract/catalog';

const device = { deviceTypeId: DEVICE_TYPE_ID, languageId: LANGUAGE_ID };

/** Catalog reads of docs/behaviour.md §7, kept fresh for an hour (§9 cache freshness). */
export const catalogApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getCarousel: build.query<CarouselItem[], void>({
      query: () => ({ url: '/carousel', params: { filter: JSON.stringify(device) } }),
      transformResponse: (r: CarouselResponse) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['Carousel'],
    }),
    /** The categories of a page (home: 1, category page group: 2). */
    getCategories: build.query<Category[], { page: number; start?: number; limit?: number }>({
      query: ({ page, start = HOME.listStart, limit = HOME.listLimit }) => ({
        url: '/pagecategory',
        params: { filter: JSON.stringify({ ...device, path: page, type: 'primary_navigation' }), start, limit },
      }),
      transformResponse: (r: CategoryListResponse) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['Category'],
    }),
    /** One category with its events (data[0]). */
    getCategoryListing: build.query<CategoryListing | null, { path: string; start?: number; limit?: number }>({
      query: ({ path, start = HOME.rowStart, limit = HOME.rowLimit }) => ({
        url: '/pagecategory/listing',
        params: { filter: JSON.stringify({ path }), start, limit },
      }),
      transformResponse: (r: ListingResponse) => r.data[0] ?? null,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['Category'],
    }),
    getCategoryBlocks: build.query<CategoryBlock[], string>({
      query: (categoryId) => ({
        url: `/pagecategory/${encodeURIComponent(categoryId)}/events`,
        params: { offset: CATEGORY_PAGE.eventsOffset, limit: CATEGORY_PAGE.eventsLimit },
      }),
      transformResponse: (r: BlocksResponse) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['Category'],
    }),
    getAsset: build.query<AssetDetail | null, string>({
      query: (id) => `/asset/${encodeURIComponent(id)}`,
      transformResponse: (r: AssetResponse) => r.data[0] ?? null,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: (result) => (result ? [{ type: 'Event', id: result.id }] : ['Event']),
    }),
    getSubscription: build.query<Subscription, number>({
      query: (id) => `/subscription/${id}`,
      transformResponse: (r: SubscriptionResponse) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['Subscription'],
    }),
    getAgreement: build.query<Agreement | null, number>({
      query: (id) => `/agreement/${id}`,
      transformResponse: (r: AgreementResponse) => r.data[0] ?? null,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['Agreement'],
    }),
    /** The footer's company links (docs/behaviour.md §7 GET /footerlink/{id}), as the catalog lists them. */
    getFooterLink: build.query<FooterLink, number>({
      query: (id) => `/footerlink/${id}`,
      transformResponse: (r: FooterLinkResponse) => r.data,
      keepUnusedDataFor: CACHE_SECONDS.catalog,
      providesTags: ['FooterLink'],
    }),
    joinNewsletter: build.mutation<string, string>({
      query: (email) => ({ url: '/public/newsletter', method: 'POST', body: { email } }),
      transformResponse: (r: { message: string }) => r.message,
    }),
  }),
});

export const {
  useGetCarouselQuery,
  useGetCategoriesQuery,
  useGetCategoryListingQuery,
  useGetCategoryBlocksQuery,
  useGetAssetQuery,
  useGetSubscriptionQuery,
  useGetAgreementQuery,
  useGetFooterLinkQuery,
  useJoinNewsletterMutation,
} = catalogApi;
