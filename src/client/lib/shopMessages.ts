/**
 * Words that several parts of the shop show (features, components, the console's gate), written
 * once here, the spec's English word for word (docs/behaviour.md). A screen's own words stay in its
 * feature's copy file; sentences the server answers too live in src/shared/contract/*Messages.ts.
 */
export const SHOP_MESSAGES = {
  /** A button's label while its call is out. */
  processing: 'Processing...',
  tryAgain: 'Try again',
  signIn: 'Sign in',
  browseEvents: 'Browse Events',
  upcomingEvents: 'Upcoming Events',
  cartEmpty: 'Your cart is empty',
  addToCalendar: 'Add to calendar',
  /** While a page asks whether the visitor may see it (the event's access, the player, the console). */
  checkingAccess: 'Checking your access',
  playVideo: 'Play video',
  invalidEmail: 'Please Enter a valid email address',
  termsOfUse: 'Terms of Use',
  privacyPolicy: 'Privacy Policy',
  /** A show on air now (ours: the spec has no live listing), with about how many devices watch it. */
  liveNow: 'Live now',
  watching: (count: string) => `${count} watching`,
} as const;
