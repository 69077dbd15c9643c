import type { PaymentState } from '../../../shared/contract/studioSales';

/** How the console names a payment's state. */
export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};
