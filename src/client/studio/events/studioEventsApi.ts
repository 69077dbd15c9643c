import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type {
  ImageKind,
  StudioCategoryOption,
  StudioEvent,
  StudioEventFields,
  StudioEventList,
  StudioEventListQuery,
  StudioEventUpdate,
  StudioImage,
  StudioSubscriptionOption,
} from '../../../shared/contract/studioEvents';

const data = <T>(r: Envelope<T>) => r.data;
export type EventAction = 'publish' | 'unpublish' | 'duplicate';
/** What a change to an event makes stale: the console's lists and figures, and the storefront's catalog. */
const changed = (id?: number) =>
  [
    { type: 'StudioEvent', id: 'LIST' },
    ...(id ? [{ type: 'StudioEvent', id } as const] : []),
    'StudioAudit',
    'StudioSales',
    'Event',
    'Carousel',
    'Category',
  ] as const;

/** The console's events (contract: shared/contract/studioEvents.ts). */
const studioEventsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    listStudioEvents: build.query<StudioEventList, Partial<StudioEventListQuery>>({
      query: (params) => ({ url: '/studio/events', params }),
      transformResponse: data<StudioEventList>,
      providesTags: [{ type: 'StudioEvent', id: 'LIST' }],
      keepUnusedDataFor: 30,
    }),
    getStudioEvent: build.query<StudioEvent, number>({
      query: (id) => `/studio/events/${id}`,
      transformResponse: data<StudioEvent>,
      providesTags: (_r, _e, id) => [{ type: 'StudioEvent', id }],
      keepUnusedDataFor: 0,
    }),
    createStudioEvent: build.mutation<StudioEvent, StudioEventFields>({
      query: (body) => ({ url: '/studio/events', method: 'POST', body }),
      transformResponse: data<StudioEvent>,
      invalidatesTags: () => [...changed()],
    }),
    updateStudioEvent: build.mutation<StudioEvent, { id: number; body: StudioEventUpdate }>({
      query: ({ id, body }) => ({ url: `/studio/events/${id}`, method: 'PUT', body }),
      transformResponse: data<StudioEvent>,
      invalidatesTags: (_r, _e, { id }) => [...changed(id)],
    }),
    /** Publish, unpublish, or duplicate (the answer is then the new draft). */
    studioEventAction: build.mutation<StudioEvent, { id: number; action: EventAction }>({
      query: ({ id, action }) => ({ url: `/studio/events/${id}/${action}`, method: 'POST' }),
      transformResponse: data<StudioEvent>,
      invalidatesTags: (_r, _e, { id }) => [...changed(id)],
    }),
    deleteStudioEvent: build.mutation<null, number>({
      query: (id) => ({ url: `/studio/events/${id}`, method: 'DELETE' }),
      transformResponse: data<null>,
      invalidatesTags: (_r, _e, id) => [...changed(id)],
    }),
    listStudioCategories: build.query<StudioCategoryOption[], void>({
      query: () => '/studio/categories',
      transformResponse: data<StudioCategoryOption[]>,
    }),
    listStudioSubscriptions: build.query<StudioSubscriptionOption[], void>({
      query: () => '/studio/subscriptions',
      transformResponse: data<StudioSubscriptionOption[]>,
    }),
    /** The file itself is the body (its own Content-Type); the server checks what it really is. */
    uploadStudioImage: build.mutation<StudioImage, { kind: ImageKind; file: File }>({
      query: ({ kind, file }) => ({
        url: '/studio/images',
        method: 'POST',
        params: { kind },
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      transformResponse: data<StudioImage>,
    }),
  }),
});

export const {
  useListStudioEventsQuery,
  useGetStudioEventQuery,
  useCreateStudioEventMutation,
  useUpdateStudioEventMutation,
  useStudioEventActionMutation,
  useDeleteStudioEventMutation,
  useListStudioCategoriesQuery,
  useListStudioSubscriptionsQuery,
  useUploadStudioImageMutation,
} = studioEventsApi;
