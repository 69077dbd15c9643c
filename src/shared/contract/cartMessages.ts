// Kept apart from the schemas so the browser can show these words without loading zod.
/** Messages the server answers with (the spec's where it has one). */
export const CART_MESSAGES = {
  added: 'Added to cart',
  removed: 'Removed from cart',
  /** The spec's words, trailing space included: a promo code sent empty. */
  promoCodeEmpty: 'Promo code is empty ',
  couponApplied: 'Coupon applied',
  couponRemoved: 'Coupon removed',
  merged: 'Cart merged',
  invalidCoupon: 'Invalid or expired coupon',
  owned: 'You already have access to this event.',
  free: 'This event is free to watch: no ticket needed.',
  soldOut: 'This event is sold out.',
  replayEnded: 'The replay of this show has ended, so it is no longer on sale.',
  full: 'Your cart is full: remove an event to add another.',
} as const;
