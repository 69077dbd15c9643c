/** The words of the cart's toasts (docs/behaviour.md §8), typos and the trailing space included. */
export const CART_COPY = {
  removeFailed: 'Failed to remove item',
  loadFailed: 'Failed to load cart',
} as const;
