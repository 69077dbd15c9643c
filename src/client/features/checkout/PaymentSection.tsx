import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { paths } from '../../app/paths';
import type { Cart } from '../../../shared/contract/cart';
import type { PaymentIntent } from '../../../shared/contract/orders';
import { useGetPublicConfigQuery } from '../catalog/catalogApi';
import { amountInCents, useCreatePaymentIntentMutation } from './checkoutApi';
import { CHECKOUT_COPY } from './checkoutCopy';
import { SandboxCardForm } from './SandboxCardForm';
import { usePaymentOutcome } from './usePaymentOutcome';

// Stripe's form and Stripe.js stay out of every bundle a sandbox deployment loads.
const StripePaymentForm = lazy(() => import(/* webpackChunkName: "stripe-payment" */ './StripePaymentForm'));

type Props = { cart: Cart; userId: number; billingName?: string };

/**
 * Starts the payment (spec §5: only when the grand total in cents is above 0) and shows the card
 * form of the configured provider once a client secret exists; 'Preparing payment…' until then.
 */
export function PaymentSection({ cart, userId, billingName }: Props) {
  const { data: config } = useGetPublicConfigQuery();
  const [createIntent] = useCreatePaymentIntentMutation();
  const { enqueueSnackbar } = useSnackbar();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  const amount = amountInCents(cart);
  // One intent per cart version: a re-render (or StrictMode's second effect run) must not start another.
  const startedFor = useRef<number | null>(null);
  useEffect(() => {
    if (amount <= 0 || startedFor.current === cart.version) return;
    startedFor.current = cart.version;
    createIntent({ amount, userId }).unwrap().then(
      (started) => (started.client_secret ? setIntent(started) : enqueueSnackbar(CHECKOUT_COPY.startFailed, { variant: 'error' })),
      () => enqueueSnackbar(CHECKOUT_COPY.startFailed, { variant: 'error' }),
    );
  }, [amount, cart.version, userId, createIntent, enqueueSnackbar]);

  const { handle, leaving } = usePaymentOutcome(cart, userId, intent?.amount ?? amount, billingName);
  if (!intent || !config) return <Typography role="status">{CHECKOUT_COPY.preparing}</Typography>;

  const firstAssetId = cart.items[0]?.assetId ?? '';
  const returnPath = paths.orderConfirmation(firstAssetId);
  const form = { clientSecret: intent.client_secret, busy: leaving, onOutcome: handle };
  if (config.payments.provider === 'stripe' && config.payments.publishableKey) {
    return (
      <Suspense fallback={<Typography role="status">{CHECKOUT_COPY.preparing}</Typography>}>
        {/* Stripe needs an absolute return URL. */}
        <StripePaymentForm publishableKey={config.payments.publishableKey} returnUrl={window.location.origin + returnPath} {...form} />
      </Suspense>
    );
  }
  // The sandbox's authentication page is served by our own server: a path on this site is enough.
  return <SandboxCardForm returnUrl={returnPath} {...form} />;
}
