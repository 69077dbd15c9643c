/** Words the order's page and its manage panel share (docs/behaviour.md §2 "Order details"). */
export const ORDER_COPY = {
  title: 'Order Details',
  cancelOrder: 'Cancel order',
} as const;
