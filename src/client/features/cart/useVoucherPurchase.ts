import { toast } from '../../lib/toast';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { paths } from '../../lib/paths';
import type { Cart } from '../../../shared/contract/cart';
import { ORDER_MESSAGES } from '../../../shared/contract/orderMessages';
import { redirectMarkerStored } from '../../lib/sessionEvents';
import { selectBilling, selectUserId } from '../auth/authSelectors';
import { useFindOnAir } from '../liveNow/liveNowApi';
import { messageFor } from '../../api/serverError';
import { newOrderId, orderBody, useCreateCartOrderMutation } from './cartApi';

/**
 * 'Purchase Tickets' (docs/behaviour.md §2 "Cart", §6): a cart the coupon pays in full is bought with paymentMethod
 * 'vouchers'. A guest is sent to sign in with the marker 'vocher' (sic), which brings them back here.
 * The cart mirror is cleared by the cart's orderPlaced event, as for a card payment.
 */
export function useVoucherPurchase(cart: Cart) {
  const userId = useAppSelector(selectUserId);
  const billing = useAppSelector(selectBilling);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [createCartOrder] = useCreateCartOrderMutation();
  const findOnAir = useFindOnAir();
  const [busy, setBusy] = useState(false);

  const purchase = async () => {
    if (userId === null) {
      dispatch(redirectMarkerStored('vocher'));
      void navigate(paths.signIn);
      return;
    }
    setBusy(true);
    try {
      const payment = { paymentMethod: 'vouchers' as const, orderId: newOrderId(), amount: 0 };
      const { message } = await createCartOrder(orderBody(cart, Number(userId), payment, billing)).unwrap();
      toast.success(message || ORDER_MESSAGES.created);
      // A show on air now: straight to it (ours; the spec's way on is the profile).
      const onAir = await findOnAir(cart.items.map((i) => i.assetId));
      void navigate(onAir ? paths.player(onAir) : paths.profile);
    } catch (error) {
      toast.error(messageFor(error));
      setBusy(false);
    }
  };
  return { purchase, busy };
}
