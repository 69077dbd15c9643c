import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useState, type FormEvent } from 'react';
import { CHECKOUT_COPY } from './checkoutCopy';
import type { PaymentOutcome } from './usePaymentOutcome';

/**
 * The Stripe provider's form (docs/decisions.md "Payments"). This module is its own lazy chunk, imported
 * only when the public config names 'stripe': Stripe.js (pure entry) is fetched on the first
 * loadStripe call, never on sandbox deployments.
 */
const loaded = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!loaded.has(key)) loaded.set(key, loadStripe(key));
  return loaded.get(key)!;
};

type Props = {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  busy: boolean;
  onOutcome: (outcome: PaymentOutcome) => Promise<void>;
};

export default function StripePaymentForm({ publishableKey, clientSecret, ...rest }: Props) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'night' } }}>
      <PaymentForm {...rest} />
    </Elements>
  );
}

function PaymentForm({ returnUrl, busy, onOutcome }: Omit<Props, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [working, setWorking] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements || working) return;
    setWorking(true);
    try {
      // docs/behaviour.md §7: confirmPayment with the confirmation page as return URL, redirecting only if required.
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      await onOutcome(
        result.error
          ? { error: { message: result.error.message } }
          : { paymentIntentId: result.paymentIntent.id, status: result.paymentIntent.status },
      );
    } finally {
      setWorking(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} aria-label={CHECKOUT_COPY.cardForm} sx={{ display: 'grid', gap: 2 }}>
      {/* Card only: the intent allows cards alone; wallets would be a second way to pay. */}
      <PaymentElement
        options={{ layout: 'tabs', paymentMethodOrder: ['card'], wallets: { applePay: 'never', googlePay: 'never' } }}
      />
      <Button type="submit" variant="default" size="lg" fullWidth disabled={!stripe || busy || working}>
        {busy || working ? CHECKOUT_COPY.processing : CHECKOUT_COPY.pay}
      </Button>
    </Box>
  );
}
