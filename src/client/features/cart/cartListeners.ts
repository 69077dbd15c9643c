import { isAnyOf } from '@reduxjs/toolkit';
import { apiSlice } from '../../api/apiSlice';
import { appStarted, appStopped, storageChangedInAnotherTab } from '../../lib/appEvents';
import type { AppStartListening } from '../../lib/listenerTypes';
import { userSignedIn, userSignedOut } from '../auth/authEvents';
import { sessionExpired } from '../../lib/sessionEvents';
import { cartApi, refusedGuestCartToken } from './cartApi';
import {
  cartCountAnnounced,
  cartLoadFailed,
  guestCartMerged,
  guestCartTokenRefused,
  orderPlaced,
  serverCartReceived,
} from './cartEvents';

const CART_UPDATED_EVENT = 'cartUpdated';

/** The count carried by a cartUpdated event: a number as detail, or { count }. */
function countFromEvent(event: Event): number | null {
  const detail = (event as CustomEvent<unknown>).detail;
  const value = typeof detail === 'object' && detail !== null ? (detail as { count?: unknown }).count : detail;
  const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
}

const { getCart, addToCart, removeFromCart, mergeCart, applyVoucher, removeVoucher } = cartApi.endpoints;
const cartAnswered = isAnyOf(
  ...[getCart, addToCart, removeFromCart, mergeCart, applyVoucher, removeVoucher].map((e) => e.matchFulfilled),
);
// The cart read is left out: the page that asked handles its failure (docs/behaviour.md §8).
const cartChangeFailed = isAnyOf(
  ...[addToCart, removeFromCart, applyVoucher, removeVoucher].map((e) => e.matchRejected),
);
/** Everything that changes the mirror in this tab (another tab's change is that tab's to announce). */
const mirrorChanged = isAnyOf(
  serverCartReceived,
  cartLoadFailed,
  guestCartTokenRefused,
  userSignedOut,
  sessionExpired,
  orderPlaced,
);

export function addCartListeners(startListening: AppStartListening) {
  const stops = [
    // docs/behaviour.md §4: the cart count also follows a `cartUpdated` window event carrying a numeric count.
    startListening({
      actionCreator: appStarted,
      effect: async (_action, api) => {
        const onCartUpdated = (event: Event) => {
          const count = countFromEvent(event);
          if (count !== null) api.dispatch(cartCountAnnounced(count));
        };
        window.addEventListener(CART_UPDATED_EVENT, onCartUpdated);
        try {
          await api.take(appStopped.match);
        } finally {
          window.removeEventListener(CART_UPDATED_EVENT, onCartUpdated);
        }
      },
    }),
    // Every cart the server answers becomes the persisted 'cartItems' mirror (and a guest's token is kept).
    startListening({
      matcher: cartAnswered,
      effect: ({ payload: cart }, api) => {
        api.dispatch(serverCartReceived({ items: cart.items, cartToken: cart.cartToken }));
      },
    }),
    startListening({
      matcher: mirrorChanged,
      effect: (_action, api) => {
        window.dispatchEvent(new CustomEvent(CART_UPDATED_EVENT, { detail: api.getState().cart.lines.ids.length }));
      },
    }),
    startListening({
      matcher: cartChangeFailed,
      effect: ({ payload, meta }, api) => {
        if (refusedGuestCartToken(payload, meta.arg.originalArgs)) api.dispatch(guestCartTokenRefused());
      },
    }),
    // docs/behaviour.md §4 "Guest cart merge": at sign-in, only when both a user id and a guest cart token exist.
    startListening({
      actionCreator: userSignedIn,
      effect: async (action, api) => {
        const guestCartToken = api.getState().cart.guestCartToken;
        if (!guestCartToken) return;
        // Sign-in also drops the API cache (resetApiState, session listeners), and with it the
        // lifecycle of any call already out: started before it, the merge's answer never reached the
        // cache (the sign-in test showed the unmerged cart). One tick later the reset is done.
        await api.delay(0);
        try {
          await api
            .dispatch(mergeCart.initiate({ user_id: action.payload.userId, guest_cart_token: guestCartToken }))
            .unwrap();
          api.dispatch(guestCartMerged());
        } catch (error) {
          console.error('Cart error', error);
        }
      },
    }),
    // Another tab changed the cart: this tab's cached cart (a cart or event page on screen) reloads.
    startListening({
      actionCreator: storageChangedInAnotherTab,
      effect: (action, api) => {
        if (action.payload.key === 'cartItems' || action.payload.key === null)
          api.dispatch(apiSlice.util.invalidateTags(['Cart']));
      },
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
