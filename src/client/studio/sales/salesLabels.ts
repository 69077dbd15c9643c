/** Words the sales page's figures and its table by event share. */
export const SALES_LABELS = {
  salesByEvent: 'Sales by event',
  capacityLeft: 'Capacity left',
  couponUses: 'Coupon uses',
} as const;
