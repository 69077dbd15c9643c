import { paths } from '../lib/paths';

/** The console's screens (under lib/paths' `studio`): links are built from here, never from string literals. */
export const studioPaths = {
  root: paths.studio,
  events: `${paths.studio}/events`,
  newEvent: `${paths.studio}/events/new`,
  event: (id: number) => `${paths.studio}/events/${id}`,
  eventLive: (id: number) => `${paths.studio}/events/${id}/live`,
  eventGuarantees: (id: number) => `${paths.studio}/events/${id}/guarantees`,
  sales: `${paths.studio}/sales`,
  orders: `${paths.studio}/orders`,
  order: (id: number | string) => `${paths.studio}/orders/${encodeURIComponent(String(id))}`,
  coupons: `${paths.studio}/coupons`,
  newCoupon: `${paths.studio}/coupons/new`,
  coupon: (code: string) => `${paths.studio}/coupons/${encodeURIComponent(code)}`,
  audit: `${paths.studio}/audit`,
} as const;
