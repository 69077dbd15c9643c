/** Words the console's coupon pages share: the list, a coupon's page, the new coupon's form. */
export const COUPON_LABELS = {
  allCoupons: 'All coupons',
  newCoupon: 'New coupon',
  usesTotal: 'Uses / total',
  usesPerBuyer: 'Uses per buyer',
  /** The help under a limit's field: left empty, the coupon has none. */
  emptyNoLimit: 'Empty: no limit.',
} as const;
