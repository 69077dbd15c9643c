import { studioPaths } from '../studioPaths';

/**
 * The console's areas, in the app bar's order. Coupons and the live control room join here when they
 * are built (between Orders and Audit log): one line each, and a route in StudioPage.tsx.
 */
export const STUDIO_NAV = [
  { label: 'Events', to: studioPaths.events },
  { label: 'Sales', to: studioPaths.sales },
  { label: 'Orders', to: studioPaths.orders },
  // { label: 'Coupons', to: studioPaths.coupons },
  // { label: 'Live control room', to: studioPaths.live },
  { label: 'Audit log', to: studioPaths.audit },
] as const;
