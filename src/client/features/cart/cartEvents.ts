import { createAction } from '@reduxjs/toolkit';
import type { CartItem } from '../../../shared/contract/cart';

/**
 * The cart feature's events. The server cart itself lives in RTK Query's cache (cartApi); these
 * only move the spec's persisted mirror ('cartItems'), the guest cart token and the count.
 */

/** The server answered with a cart (a read or any change): the mirror follows it. */
export const serverCartReceived = createAction<{ items: CartItem[]; cartToken: string | null }>(
  'cart/serverCartReceived',
);

/**
 * The cart page could not load the cart (docs/behaviour.md §8): the mirror and the count are cleared, and the
 * guest cart token too when the server refused it (not this visitor's, or gone), so that the next
 * visit and the next add start afresh instead of failing again.
 */
export const cartLoadFailed = createAction<{ guestCartTokenRefused: boolean }>('cart/loadFailed');

/**
 * A change to the cart was refused because of the stored guest cart token (not this visitor's):
 * it is forgotten with the mirror, so the next add starts a new guest cart instead of failing again.
 */
export const guestCartTokenRefused = createAction('cart/guestCartTokenRefused');

/** At sign-in the guest cart was merged into the user's: the guest cart token is deleted (docs/behaviour.md §4). */
export const guestCartMerged = createAction('cart/guestCartMerged');

/** A `cartUpdated` window event announced the cart's size (docs/behaviour.md §4). */
export const cartCountAnnounced = createAction<number>('cart/countAnnounced');

/**
 * An order was created (card or voucher): docs/behaviour.md §4 "Payment confirmation" clears the local
 * cart and announces the new count. createCartOrder (cartApi) dispatches it, whether checkout, the
 * order page or the cart's voucher purchase placed the order. Its type keeps the 'checkout/' name that
 * recorded sessions and DevTools know it by.
 */
export const orderPlaced = createAction<{ orderId: string; cartId: number }>('checkout/orderPlaced');
