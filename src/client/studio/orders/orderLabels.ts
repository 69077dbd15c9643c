import type { PaymentState } from '../../../shared/contract/studioSales';

/** The order page's table of what organizers did to it. */
export const ORDER_HISTORY_LABEL = 'Order history';

/** How the console names a payment's state. */
export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};
