import { createSelector } from '@reduxjs/toolkit';
import type { CartTarget } from '../../../shared/contract/cart';
import { selectUserId } from '../auth/authSelectors';
import type { CartState } from './cartSlice';

/** The cart feature's public reads. Prices are not among them: those come from cartApi's cache. */
type WithCart = { cart: CartState };

/** docs/behaviour.md §3: the number of lines in 'cartItems', unless a `cartUpdated` event announced another. */
export const selectCartCount = (s: WithCart) => s.cart.announcedCount ?? s.cart.lines.ids.length;
const selectGuestCartToken = (s: WithCart) => s.cart.guestCartToken;

/**
 * Whose cart a call is about (docs/behaviour.md §7): the user's id when logged in, else the stored guest cart
 * token, else nothing (the server then answers the caller's own cart). It is also the key of
 * getCart's cache entry, memoized so that the key object changes only when the owner does.
 */
export const selectCartTarget = createSelector(
  [selectUserId, selectGuestCartToken],
  (userId, guestCartToken): CartTarget => {
    if (userId !== null) return { user_id: Number(userId) };
    return guestCartToken ? { cart_token: guestCartToken } : {};
  },
);
