import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { toast } from '../../lib/toast';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import type { Cart } from '../../../shared/contract/cart';
import type { PaymentIntent } from '../../../shared/contract/orders';
import { useGetPublicConfigQuery } from '../settings/settingsApi';
import { amountInCents, useCreatePaymentIntentMutation } from './checkoutApi';
import { messageFor } from '../../api/serverError';
import { CHECKOUT_COPY } from './checkoutCopy';
import { SandboxCardForm } from './SandboxCardForm';
import { usePaymentOutcome } from './usePaymentOutcome';

// Stripe's form and Stripe.js stay out of every bundle a sandbox deployment loads.
const StripePaymentForm = lazy(() => import(/* webpackChunkName: "stripe-payment" */ './StripePaymentForm'));

type Props = { cart: Cart; userId: number };

/**
 * Starts the payment (docs/behaviour.md §5: only when the grand total in cents is above 0) and shows the card
 * form of the configured provider once a client secret exists; 'Preparing payment…' until then.
 */
export function PaymentSection({ cart, userId }: Props) {
  const { data: config } = useGetPublicConfigQuery();
  const [createIntent] = useCreatePaymentIntentMutation();
  const [intent, setIntent] = useState<PaymentIntent | null>(null);
  // Why the payment could not start (the server's words when it gave some); null while fine.
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const amount = amountInCents(cart);
  // One intent per cart version (and retry): a re-render or StrictMode's second run must not start another.
  const startedFor = useRef<string | null>(null);
  useEffect(() => {
    const key = `${cart.version}:${attempt}`;
    if (amount <= 0 || startedFor.current === key) return;
    startedFor.current = key;
    setFailure(null);
    const failed = (error?: unknown) => {
      toast.error(CHECKOUT_COPY.startFailed);
      setFailure(messageFor(error, CHECKOUT_COPY.startFailed));
    };
    createIntent({ amount, userId })
      .unwrap()
      .then((started) => (started.client_secret ? setIntent(started) : failed()), failed);
  }, [amount, cart.version, attempt, userId, createIntent]);

  const { handle, leaving } = usePaymentOutcome(cart, userId, intent?.amount ?? amount);
  // Nothing to pay by card: an empty cart (the summary says so), or a coupon that covers it all.
  if (amount <= 0) {
    if (cart.items.length === 0) return null;
    return (
      <Typography>
        {CHECKOUT_COPY.nothingToPay}{' '}
        <Link component={RouterLink} to={paths.cart}>
          {CHECKOUT_COPY.backToCart}
        </Link>
      </Typography>
    );
  }
  if (failure && !intent) {
    return (
      <Box role="alert">
        <Typography sx={{ mb: 2 }}>{failure}</Typography>
        <Button variant="outline" onClick={() => setAttempt((n) => n + 1)}>
          {CHECKOUT_COPY.retry}
        </Button>
      </Box>
    );
  }
  if (!intent || !config) return <Typography role="status">{CHECKOUT_COPY.preparing}</Typography>;

  const firstAssetId = cart.items[0]?.assetId ?? '';
  const returnPath = paths.orderConfirmation(firstAssetId);
  const form = { clientSecret: intent.client_secret, busy: leaving, onOutcome: handle };
  if (config.payments.provider === 'stripe' && config.payments.publishableKey) {
    return (
      <Suspense fallback={<Typography role="status">{CHECKOUT_COPY.preparing}</Typography>}>
        {/* Stripe needs an absolute return URL. */}
        <StripePaymentForm
          publishableKey={config.payments.publishableKey}
          returnUrl={window.location.origin + returnPath}
          {...form}
        />
      </Suspense>
    );
  }
  // The sandbox's authentication page is served by our own server: a path on this site is enough.
  return <SandboxCardForm returnUrl={returnPath} {...form} />;
}
