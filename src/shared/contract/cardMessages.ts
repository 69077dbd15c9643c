// Kept apart from the schemas so the browser can show these words without loading zod.
/** Stripe's messages for its test cards and card checks, word for word. */
export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidNumber: 'Your card number is invalid.',
  incompleteNumber: 'Your card number is incomplete.',
  invalidExpiry: "Your card's expiration date is incomplete.",
  pastExpiry: "Your card's expiration year is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  alreadyPaid: 'This payment has already succeeded.',
} as const;
