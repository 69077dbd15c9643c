/** The words of the cart's toasts (docs/behaviour.md §8), typos and the trailing space included. */
export const CART_COPY = {
  removed: 'Removed from cart',
  removeFailed: 'Failed to remove item',
  loadFailed: 'Failed to load cart',
  promoCodeEmpty: 'Promo code is empty ',
} as const;
