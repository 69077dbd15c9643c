import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  checkCard,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
  type CardErrors,
  type CardFields,
} from './cardInput';
import { useSandboxConfirmMutation } from './checkoutApi';
import { messageFor } from '../../api/serverError';
import { CHECKOUT_COPY } from './checkoutCopy';
import type { PaymentOutcome } from './usePaymentOutcome';
import { TextInput } from '../../components/TextInput';

const FORMATTERS: Record<keyof CardFields, (v: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: formatCvc,
};
const ORDER: (keyof CardFields)[] = ['number', 'expiry', 'cvc'];

type Props = {
  clientSecret: string;
  returnUrl: string;
  busy: boolean;
  onOutcome: (outcome: PaymentOutcome) => Promise<void>;
};

/**
 * The sandbox provider's card form (docs/decisions.md "Payments"): formatted as typed, checked in the
 * browser with Stripe's messages, and sent to our server's sandbox only when the checks pass.
 */
export function SandboxCardForm({ clientSecret, returnUrl, busy, onOutcome }: Props) {
  const [fields, setFields] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  // A field's message shows once it was left or the form was submitted, then follows each keystroke.
  const [shown, setShown] = useState<Partial<Record<keyof CardFields, boolean>>>({});
  const [confirm, confirming] = useSandboxConfirmMutation();
  const [finishing, setFinishing] = useState(false);
  const inputs = useRef<Partial<Record<keyof CardFields, HTMLInputElement | null>>>({});
  const errors: CardErrors = checkCard(fields);
  const working = busy || confirming.isLoading || finishing;

  const change = (name: keyof CardFields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields((f) => ({ ...f, [name]: FORMATTERS[name](e.target.value) }));
  const leave = (name: keyof CardFields) => () => {
    if (fields[name]) setShown((s) => ({ ...s, [name]: true }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (working) return;
    const invalid = ORDER.filter((name) => errors[name]);
    if (invalid.length > 0) {
      setShown({ number: true, expiry: true, cvc: true });
      inputs.current[invalid[0]!]?.focus();
      return;
    }
    const expiry = parseExpiry(fields.expiry)!;
    setFinishing(true);
    try {
      const card = {
        number: fields.number.replace(/\s/g, ''),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: fields.cvc,
      };
      const result = await confirm({ client_secret: clientSecret, card, return_url: returnUrl }).unwrap();
      await onOutcome({
        error: result.error,
        paymentIntentId: result.paymentIntentId,
        status: result.status,
        redirectUrl: result.next_action?.redirect_url ?? null,
      });
    } catch (error) {
      await onOutcome({ error: { message: messageFor(error) } });
    } finally {
      setFinishing(false);
    }
  };

  const field = (name: keyof CardFields, label: string, autoComplete: string, placeholder: string) => {
    const message = shown[name] ? errors[name] : undefined;
    return (
      <TextInput
        id={`card-${name}`}
        label={label}
        value={fields[name]}
        onChange={change(name)}
        onBlur={leave(name)}
        error={Boolean(message)}
        helperText={message ?? ' '}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputRef={(el: HTMLInputElement | null) => {
          inputs.current[name] = el;
        }}
        htmlInput={{ inputMode: 'numeric', 'aria-invalid': Boolean(message) }}
        fullWidth
      />
    );
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={CHECKOUT_COPY.cardForm}
      sx={{ display: 'grid', gap: 1 }}
    >
      {field('number', 'Card number', 'cc-number', '1234 1234 1234 1234')}
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
        {field('expiry', 'Expiry', 'cc-exp', 'MM / YY')}
        {field('cvc', 'CVC', 'cc-csc', '123')}
      </Box>
      <Button type="submit" variant="default" size="lg" fullWidth disabled={working}>
        {working ? CHECKOUT_COPY.processing : CHECKOUT_COPY.pay}
      </Button>
    </Box>
  );
}
