import { toast } from '../../lib/toast';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import type { Cart } from '../../../shared/contract/cart';
import type { PaymentIntentStatus } from '../../../shared/contract/payments';
import { centsToDollars } from '../../../shared/money';
import { browserNavigation } from './browserNavigation';
import { orderBody, useCreateCartOrderMutation } from '../cart/cartApi';
import { messageFor, UNEXPECTED_ERROR } from '../../api/serverError';
import { CHECKOUT_COPY } from './checkoutCopy';
import { useAppSelector } from '../../lib/hooks';
import { selectBilling } from '../auth/authSelectors';
import { useFindOnAir } from '../liveNow/liveNowApi';

/** What a card confirmation came back with: Stripe.js's confirmPayment and the sandbox both fit. */
export type PaymentOutcome = {
  error?: { message?: string } | null;
  paymentIntentId?: string;
  status?: PaymentIntentStatus | string;
  redirectUrl?: string | null;
};

/**
 * docs/behaviour.md §4 "Payment confirmation" and §8: succeeded → the order is created ('Payment processed
 * successfully.', cart cleared by orderPlaced, then /profile, or the player of a show bought that is on air
 * now); a provider error → 'Error: …';
 * requires_action → the authentication page; anything else → 'Payment failed.'.
 */
export function usePaymentOutcome(cart: Cart, userId: number, amountCents: number) {
  const billing = useAppSelector(selectBilling);
  const [createCartOrder] = useCreateCartOrderMutation();
  const navigate = useNavigate();
  const findOnAir = useFindOnAir();
  // Stays true while the browser leaves for the authentication page: the button must not come back.
  const [leaving, setLeaving] = useState(false);

  const handle = useCallback(
    async (outcome: PaymentOutcome) => {
      if (outcome.error) {
        toast.error(CHECKOUT_COPY.providerError(outcome.error.message ?? UNEXPECTED_ERROR));
        return;
      }
      if (outcome.status === 'requires_action' && outcome.redirectUrl) {
        setLeaving(true);
        browserNavigation.assign(outcome.redirectUrl);
        return;
      }
      if (outcome.status !== 'succeeded' || !outcome.paymentIntentId) {
        toast.error(CHECKOUT_COPY.paymentFailed);
        return;
      }
      try {
        const payment = {
          paymentMethod: 'stripe' as const,
          paymentIntentId: outcome.paymentIntentId,
          amount: centsToDollars(amountCents),
        };
        const { message } = await createCartOrder(orderBody(cart, userId, payment, billing)).unwrap();
        toast.success(message || CHECKOUT_COPY.orderCreated);
        // A show on air now: straight to it (ours; the spec's way on is the profile).
        const onAir = await findOnAir(cart.items.map((i) => i.assetId));
        void navigate(onAir ? paths.player(onAir) : paths.profile);
      } catch (error) {
        toast.error(messageFor(error));
      }
    },
    [cart, userId, amountCents, billing, createCartOrder, navigate, findOnAir],
  );

  return { handle, leaving };
}
