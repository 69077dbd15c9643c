// Kept apart from the schemas so the browser can show these words without loading zod.
/** Messages the server answers with (the spec's where it has one). */
export const ORDER_MESSAGES = {
  created: 'Payment processed successfully.',
  intentReady: 'Payment ready',
  emptyCart: 'Your cart is empty.',
  nothingToPay: 'Nothing to pay: this cart is free with its coupon. Use Purchase Tickets.',
  amountMismatch: 'The amount does not match your cart. Reload the page and try again.',
  notPaid: 'This payment has not succeeded.',
  notYourPayment: 'This payment is not yours.',
  unknownPayment: 'No such payment.',
  /** Follows the field's name: 'Payment intent id is required for a card payment.' */
  paymentIntentRequired: 'is required for a card payment',
  voucherNotFree: 'A voucher purchase needs a coupon that covers the whole total.',
  soldOutRefunded:
    'Sorry, an event in your order sold out while you were paying. Your payment has been refunded in full.',
  couponGoneRefunded: 'Sorry, your coupon was used up while you were paying. Your payment has been refunded in full.',
  ownedRefunded: 'You already have access to an event in this order. Your payment has been refunded in full.',
  refunded: 'This payment was refunded.',
  alreadyPaid: 'Your payment for this cart has already been received: your order is on your profile.',
  orderRefTaken: 'This order id is already in use.',
  orderNotFound: 'This order could not be found.',
  paymentProviderDown: 'The payment service is not answering. Please try again in a moment.',
} as const;
