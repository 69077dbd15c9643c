import { CARD_MESSAGES } from '../../../shared/contract/cardMessages';
import { passesLuhn } from '../../../shared/luhn';

/**
 * The sandbox card form's formatting and checks, done in the browser as Stripe's Elements do them:
 * an invalid card never leaves the page, and the messages are Stripe's own (CARD_MESSAGES).
 */
const digits = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);

/** '4242 4242 4242 4242': groups of four, at most 19 digits. */
export const formatCardNumber = (value: string) => digits(value, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/** 'MM / YY'. The separator comes only with the third digit, so deleting back over it just works. */
export function formatExpiry(value: string): string {
  let d = digits(value, 4);
  // A first digit above 1 can only be a one-digit month: '4' becomes '04'.
  if (/^[2-9]$/.test(d)) d = `0${d}`;
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export const formatCvc = (value: string) => digits(value, 4);

export type CardFields = { number: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardFields, string>>;

function checkNumber(value: string): string | undefined {
  const d = digits(value, 19);
  if (d.length < 13) return CARD_MESSAGES.incompleteNumber;
  return passesLuhn(d) ? undefined : CARD_MESSAGES.invalidNumber;
}

/** Month and two-digit year, or null when the field is not a whole 'MM / YY'. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const d = digits(value, 4);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  return month >= 1 && month <= 12 ? { month, year: 2000 + Number(d.slice(2)) } : null;
}

function checkExpiry(value: string, now = new Date()): string | undefined {
  const parsed = parseExpiry(value);
  if (!parsed) return CARD_MESSAGES.invalidExpiry;
  // A card is good through the last day of its month.
  const thisMonth = now.getFullYear() * 12 + now.getMonth();
  return parsed.year * 12 + (parsed.month - 1) < thisMonth ? CARD_MESSAGES.pastExpiry : undefined;
}

const checkCvc = (value: string) => (digits(value, 4).length < 3 ? CARD_MESSAGES.incompleteCvc : undefined);

export function checkCard(fields: CardFields, now = new Date()): CardErrors {
  const errors: CardErrors = {
    number: checkNumber(fields.number),
    expiry: checkExpiry(fields.expiry, now),
    cvc: checkCvc(fields.cvc),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as CardErrors;
}
