/**
 * Words that several areas of the organizer's console show (src/client/studio/), written once. Only
 * the console imports this file, so none of it reaches the shop's bundles.
 */
export const STUDIO_MESSAGES = {
  /** A form refused by its own checks: the sentences are under the fields. */
  checkFields: 'Some fields need attention: see the messages under them.',
  /** A search for an event that found none (the events grid, a coupon's events). */
  noEventMatches: 'No event matches.',
  liveControlRoom: 'Live control room',
  editTheEvent: 'Edit the event',
  /** A figure or a time not set: no seat or use limit, no air date, not happened yet. */
  noLimit: 'No limit',
  noDate: 'No date',
  notYet: 'Not yet',
} as const;

/** Each area's name: its link in the app bar and its page's title. */
export const STUDIO_AREAS = {
  events: 'Events',
  sales: 'Sales',
  orders: 'Orders',
  coupons: 'Coupons',
  audit: 'Audit log',
} as const;
