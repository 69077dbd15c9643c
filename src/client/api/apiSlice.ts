import { createApi } from '@reduxjs/toolkit/query/react';
import { appBaseQuery } from './baseQuery';

/**
 * The only createApi of the app. Features add their endpoints with injectEndpoints; every tag type
 * is declared here so invalidation across features stays visible in one place.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery: appBaseQuery,
  tagTypes: ['Carousel', 'Category', 'Event', 'Subscription', 'Agreement', 'FooterLink', 'Cart', 'Order', 'Profile', 'Settings'],
  endpoints: () => ({}),
});
