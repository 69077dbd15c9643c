import { createApi } from '@reduxjs/toolkit/query/react';
import { CACHE_SECONDS } from '../../shared/constants';
import { serverPageLoaded } from '../lib/appEvents';
import { appBaseQuery } from './baseQuery';

const FRESH_FOR_SECONDS = Math.min(CACHE_SECONDS.catalog, CACHE_SECONDS.userDetail);

/**
 * The only createApi of the app. Features add their endpoints with injectEndpoints; every tag type
 * is declared here so invalidation across features stays visible in one place.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: appBaseQuery,
  // docs/behaviour.md §9 cache freshness: an answer older than an hour (carousel, categories, user detail, event
  // detail) is fetched again when a screen that shows it mounts; the order lookup asks every time
  // (its hook says so: freshness 0). Unused answers are also let go after their keepUnusedDataFor.
  refetchOnMountOrArgChange: FRESH_FOR_SECONDS,
  tagTypes: [
    'Carousel',
    'Category',
    'Event',
    'Subscription',
    'Agreement',
    'FooterLink',
    'Cart',
    'Order',
    'Profile',
    'Settings',
    // The organizer's console (src/client/studio/).
    'StudioEvent',
    'StudioSales',
    'StudioOrder',
    'StudioAudit',
    'StudioCoupon',
    'StudioLive',
  ],
  endpoints: () => ({}),
  // A server-rendered page hands over the answers it was rendered with (see ssr/renderPage).
  extractRehydrationInfo: (action) =>
    serverPageLoaded.match(action) && action.payload.api ? (action.payload.api as never) : undefined,
});
