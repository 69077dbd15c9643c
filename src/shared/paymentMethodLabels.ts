/**
 * A paid order's method in words a buyer knows, for the order pages and the receipt alike. The wire
 * keeps the spec's values ('stripe', 'vouchers'); a voucher order is always a coupon that took the
 * total to $0 (docs/decisions.md "Payments"). Each page words a handed-on ticket its own way.
 */
export const PAID_METHOD_LABELS = {
  stripe: 'Card',
  // No-break spaces: a narrow column wraps it as 'Coupon' over '(100 % off)', never inside the brackets.
  vouchers: 'Coupon (100\u00a0%\u00a0off)',
} as const;
