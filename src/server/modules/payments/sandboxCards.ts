import type { SandboxCard } from '../../../shared/contract/payments';
import { CARD_MESSAGES } from '../../../shared/contract/cardMessages';
import { passesLuhn } from '../../../shared/luhn';

/**
 * How the sandbox treats a card, as Stripe treats its test cards in test mode: a few numbers
 * succeed, some decline in a known way, one asks for authentication, and any other number is
 * refused as a real card would be in test mode.
 */
export type CardOutcome =
  | { kind: 'invalid'; code: string; message: string }
  | { kind: 'declined'; code: string; declineCode: string; message: string }
  | { kind: 'authenticate' }
  | { kind: 'succeed'; last4: string };

const SUCCEEDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
  '3056930009020004',
  '3566002020360505',
  '6200000000000005',
]);
const DECLINES: Record<string, { code: string; declineCode: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: CARD_MESSAGES.declined },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: CARD_MESSAGES.insufficientFunds,
  },
  '4000000000000069': { code: 'expired_card', declineCode: 'expired_card', message: CARD_MESSAGES.expiredCard },
  '4000000000000127': { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: CARD_MESSAGES.incorrectCvc },
};
const AUTHENTICATES = new Set(['4000002500003155', '4000002760003184']);
const NOT_A_TEST_CARD =
  'Your card was declined. Your request was in test mode, but used a non test card. ' +
  'For a list of valid test cards, visit: https://stripe.com/docs/testing.';

export function cardOutcome(card: SandboxCard, now: Date): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return { kind: 'invalid', code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  if (number.length < 13)
    return { kind: 'invalid', code: 'incomplete_number', message: CARD_MESSAGES.incompleteNumber };
  if (number.length > 19 || !passesLuhn(number))
    return { kind: 'invalid', code: 'invalid_number', message: CARD_MESSAGES.invalidNumber };
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (card.exp_month < 1 || card.exp_month > 12 || year < 1000)
    return { kind: 'invalid', code: 'invalid_expiry', message: CARD_MESSAGES.invalidExpiry };
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + card.exp_month - 1 < thisMonth)
    return { kind: 'invalid', code: 'invalid_expiry_year', message: CARD_MESSAGES.pastExpiry };
  const cvcLength = /^3[47]/.test(number) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc))
    return { kind: 'invalid', code: 'incomplete_cvc', message: CARD_MESSAGES.incompleteCvc };
  const decline = DECLINES[number];
  if (decline) return { kind: 'declined', ...decline };
  if (AUTHENTICATES.has(number)) return { kind: 'authenticate' };
  if (SUCCEEDS.has(number)) return { kind: 'succeed', last4: number.slice(-4) };
  return { kind: 'declined', code: 'card_declined', declineCode: 'test_mode_live_card', message: NOT_A_TEST_CARD };
}
