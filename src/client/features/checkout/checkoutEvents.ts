import { createAction } from '@reduxjs/toolkit';

/**
 * An order was created (card or voucher): docs/behaviour.md §4 "Payment confirmation" clears the local cart
 * and announces the new count; the cart feature listens for this instead of being called.
 */
export const orderPlaced = createAction<{ orderId: string; cartId: number }>('checkout/orderPlaced');
