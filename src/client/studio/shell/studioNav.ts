import { studioPaths } from '../studioPaths';
import { STUDIO_AREAS } from '../../lib/studioMessages';

/**
 * The console's areas, in the app bar's order (each with its routes in StudioPage.tsx). The live
 * control room is per event: it is reached from the event's editor and the events list.
 */
export const STUDIO_NAV = [
  { label: STUDIO_AREAS.events, to: studioPaths.events },
  { label: STUDIO_AREAS.sales, to: studioPaths.sales },
  { label: STUDIO_AREAS.orders, to: studioPaths.orders },
  { label: STUDIO_AREAS.coupons, to: studioPaths.coupons },
  { label: STUDIO_AREAS.audit, to: studioPaths.audit },
] as const;
