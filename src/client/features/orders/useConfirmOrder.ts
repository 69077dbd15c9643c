import { useEffect, useRef } from 'react';
import { orderBody, useCreateCartOrderMutation, useGetCartQuery } from '../cart/cartApi';
import { useAppSelector } from '../../lib/hooks';
import { selectBilling } from '../auth/authSelectors';

/**
 * Back from the payment provider's authentication with redirect_status 'succeeded': the order is
 * created here (the server makes one order per intent however often it is asked, so a reload is
 * harmless). The cart is cleared by the cart's orderPlaced event on success. A failure is left to
 * the webhook and the order history: this page only states the payment's outcome
 * (docs/behaviour.md §2 "Order confirmation").
 */
export function useConfirmOrder(userId: number | null, paymentIntentId: string | null, succeeded: boolean) {
  const wanted = userId !== null && succeeded && Boolean(paymentIntentId);
  const { data: cart } = useGetCartQuery({ user_id: userId ?? 0 }, { skip: !wanted });
  const billing = useAppSelector(selectBilling);
  const [createCartOrder] = useCreateCartOrderMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (!wanted || !cart || sent.current || userId === null || !paymentIntentId) return;
    sent.current = true;
    createCartOrder(orderBody(cart, userId, { paymentMethod: 'stripe', paymentIntentId }, billing))
      .unwrap()
      .catch((error: unknown) => console.error('Order error', error));
  }, [wanted, cart, userId, paymentIntentId, billing, createCartOrder]);
}
