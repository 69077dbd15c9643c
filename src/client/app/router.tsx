import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { AppFrame } from './AppFrame';
import { routePatterns } from '../lib/paths';
import type { ServerData } from '../lib/serverData';
import type { HeadData } from '../lib/pageHead';
import { shellServerData } from '../features/shell/shellServerData';

type PageModule = { default: ComponentType; serverData?: ServerData; head?: HeadData };
/**
 * Each page is its own chunk, loaded when its route is first visited. What the page needs from the
 * API to be rendered on the server travels in the route's handle (app/serverData).
 */
const page = (chunk: string, load: () => Promise<PageModule>) => async () => {
  const loaded = await load();
  return {
    Component: loaded.default,
    handle: { serverData: loaded.serverData, chunk, head: loaded.head } satisfies RouteHandle,
  };
};
/**
 * `chunk`: the page's webpack chunk, which a server-rendered page asks the browser to fetch early.
 * `head`: the head of a page the browser renders (its own storage decides what it shows), which the
 * server sends with the empty page (ssr/renderPage.tsx).
 */
export type RouteHandle = { serverData?: ServerData; chunk?: string; head?: HeadData };

const notFound = page('not-found', () => import(/* webpackChunkName: "not-found" */ '../components/NotFoundPage'));
const home = page('home', () => import(/* webpackChunkName: "home" */ '../features/catalog/home/HomePage'));
const events = page('events', () => import(/* webpackChunkName: "events" */ '../features/catalog/listing/EventsPage'));
const experience = page(
  'category',
  () => import(/* webpackChunkName: "category" */ '../features/catalog/listing/ExperiencePage'),
);
const category = page(
  'category',
  () => import(/* webpackChunkName: "category" */ '../features/catalog/listing/CategoryPage'),
);
const event = page('event', () => import(/* webpackChunkName: "event" */ '../features/catalog/event/EventPage'));
const about = page('about', () => import(/* webpackChunkName: "about" */ '../features/pages/AboutPage'));
const demo = page('demo', () => import(/* webpackChunkName: "demo" */ '../features/pages/DemoPage'));
const signIn = page('sign-in', () => import(/* webpackChunkName: "sign-in" */ '../features/auth/signin/SignInPage'));
const signUp = page('sign-up', () => import(/* webpackChunkName: "sign-up" */ '../features/auth/signup/SignUpPage'));
const profile = page('profile', () => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage'));
const cart = page('cart', () => import(/* webpackChunkName: "cart" */ '../features/cart/CartPage'));
const checkout = page('checkout', () => import(/* webpackChunkName: "checkout" */ '../features/checkout/CheckoutPage'));
const order = page('order', () => import(/* webpackChunkName: "order" */ '../features/orders/OrderDetailsPage'));
const receipt = page('receipt', () => import(/* webpackChunkName: "receipt" */ '../features/orders/ReceiptPage'));
const orderConfirmation = page(
  'order-confirmation',
  () => import(/* webpackChunkName: "order-confirmation" */ '../features/orders/OrderConfirmationPage'),
);
const player = page('player', () => import(/* webpackChunkName: "player" */ '../features/player/PlayerPage'));
const makeGood = page(
  'make-good',
  () => import(/* webpackChunkName: "make-good" */ '../features/makeGood/MakeGoodPage'),
);
const agreement = page(
  'agreement',
  () => import(/* webpackChunkName: "agreement" */ '../features/pages/AgreementPage'),
);
// The organizer's console: its own frame and screens, in chunks of their own (MUI X never reaches the storefront's).
const studio = page('studio', () => import(/* webpackChunkName: "studio" */ '../studio/StudioPage'));

/**
 * Every route of docs/behaviour.md §2. Screens whose issue has not landed yet answer with the 404 page, so a
 * link to them never breaks the shell.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppFrame,
    HydrateFallback: FullPageSpinner,
    handle: { serverData: shellServerData } satisfies RouteHandle,
    children: [
      { index: true, lazy: home },
      { path: routePatterns.events, lazy: events },
      { path: routePatterns.experience, lazy: experience },
      { path: routePatterns.category, lazy: category },
      { path: routePatterns.about, lazy: about },
      { path: routePatterns.demo, lazy: demo },
      { path: routePatterns.event, lazy: event },
      { path: routePatterns.signIn, lazy: signIn },
      { path: routePatterns.signUp, lazy: signUp },
      { path: routePatterns.profile, lazy: profile },
      { path: routePatterns.cart, lazy: cart },
      { path: routePatterns.checkout, lazy: checkout },
      { path: routePatterns.order, lazy: order },
      { path: routePatterns.receipt, lazy: receipt },
      { path: routePatterns.orderConfirmation, lazy: orderConfirmation },
      { path: routePatterns.player, lazy: player },
      { path: routePatterns.makeGood, lazy: makeGood },
      { path: routePatterns.agreement, lazy: agreement },
      { path: '*', lazy: notFound },
    ],
  },
  { path: routePatterns.studio, lazy: studio, HydrateFallback: FullPageSpinner },
];

export const createAppRouter = () => createBrowserRouter(routes);
