import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { SHOP_MESSAGES } from '../../lib/shopMessages';

/** The words for checkout (docs/behaviour.md §2 "Checkout", §8), word for word. */
export const CHECKOUT_COPY = {
  title: 'Checkout',
  intro: 'Please enter your payment information below.',
  preparing: 'Preparing payment…',
  pay: 'Confirm and Pay',
  processing: SHOP_MESSAGES.processing,
  startFailed: 'Failed to start payment',
  paymentFailed: 'Payment failed.',
  orderCreated: ORDER_MESSAGES.created,
  // Ours, where the spec has no words.
  nothingToPay:
    'Nothing to pay by card: your coupon covers the whole total. Finish with Purchase Tickets in your cart.',
  backToCart: 'Back to cart',
  /** The card form's name, whichever provider draws it. */
  cardForm: 'Card payment',
  retry: SHOP_MESSAGES.tryAgain,
  providerError: (message: string) => `Error: ${message}`,
} as const;
