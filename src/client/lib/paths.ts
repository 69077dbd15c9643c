/** Every route of docs/behaviour.md §2, typed: components build links from here, never from string literals. */
export const paths = {
  home: '/',
  events: '/events',
  experience: '/experience',
  category: (categoryId: string | number) => `/category/${encodeURIComponent(String(categoryId))}`,
  about: '/about',
  demo: '/demo',
  event: (eventId: string | number) => `/events/${encodeURIComponent(String(eventId))}`,
  signIn: '/sign-in',
  signUp: '/sign-up',
  profile: '/profile',
  cart: '/cart',
  checkout: '/checkout',
  order: (cartId: string | number) => `/order/${encodeURIComponent(String(cartId))}`,
  receipt: (cartId: string | number) => `/order/${encodeURIComponent(String(cartId))}/receipt`,
  orderConfirmation: (eventId: string | number) => `/order-confirmation/${encodeURIComponent(String(eventId))}`,
  agreement: (type: 'terms' | 'privacy', id: number) => `/${type}/${id}`,
  terms: '/terms/3',
  privacy: '/privacy/2',
  player: (id: string | number) => `/player/${encodeURIComponent(String(id))}`,
  makeGood: (token: string) => `/make-good/${encodeURIComponent(token)}`,
  /** The organizer's console (its own screens' paths: studio/studioPaths.ts). */
  studio: '/studio',
} as const;

/** Route patterns for the router (react-router syntax). */
export const routePatterns = {
  events: 'events',
  experience: 'experience',
  category: 'category/:categoryId',
  about: 'about',
  demo: 'demo',
  event: 'events/:eventId',
  signIn: 'sign-in',
  signUp: 'sign-up',
  profile: 'profile',
  cart: 'cart',
  checkout: 'checkout',
  order: 'order/:id',
  receipt: 'order/:id/receipt',
  orderConfirmation: 'order-confirmation/:eventId',
  agreement: ':type/:id',
  player: 'player/:id',
  makeGood: 'make-good/:token',
  playerMatch: '/player/:id',
  /** The console: a route of its own beside the storefront's frame; its screens route inside it. */
  studio: '/studio/*',
} as const;

/**
 * What the player hands the event page when it sends a visitor there who may not watch (history
 * state, so the page can say why instead of leaving them wondering where the video went).
 */
export type EventPageState = { refusedPlayer: true };
export const isEventPageState = (state: unknown): state is EventPageState =>
  typeof state === 'object' && state !== null && (state as EventPageState).refusedPlayer === true;
