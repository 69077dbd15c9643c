/**
 * How an order's or a cart's figures are named wherever they are shown: the cart's summary, the
 * order's lines, the receipt, the order history, the console's order (docs/behaviour.md §2).
 */
export const SUMMARY_LABELS = {
  subtotal: 'Subtotal',
  itemDiscount: 'Item Discount',
  coupon: 'Coupon',
  total: 'Total',
  /** An event's price before its discount (read out beside the struck-through price). */
  listPrice: 'List price',
  orderId: 'Order Id',
  purchasedOn: 'Purchased on',
} as const;
