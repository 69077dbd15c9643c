import { PAID_METHOD_LABELS } from '../../shared/paymentMethodLabels';

/**
 * An order's payment method in words a buyer knows, for the order history and the order page. The
 * wire keeps the spec's values ('stripe', 'vouchers'); a voucher order is always a coupon that took
 * the total to $0 (docs/decisions.md "Payments"). A method we have no words for yet shows as it is.
 */
const LABELS: Record<string, string> = {
  ...PAID_METHOD_LABELS,
  // A ticket another fan handed on: nothing was paid on this order.
  transfer: 'Handed on to you',
};

export const paymentMethodLabel = (method: string): string => LABELS[method] ?? method;
