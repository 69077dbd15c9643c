import { studioPaths } from '../studioPaths';

/**
 * The console's areas, in the app bar's order (each with its routes in StudioPage.tsx). The live
 * control room is per event: it is reached from the event's editor and the events list.
 */
export const STUDIO_NAV = [
  { label: 'Events', to: studioPaths.events },
  { label: 'Sales', to: studioPaths.sales },
  { label: 'Orders', to: studioPaths.orders },
  { label: 'Coupons', to: studioPaths.coupons },
  { label: 'Audit log', to: studioPaths.audit },
] as const;
