import { isEmailAddress } from '../../../../shared/contract/emailAddress';
import { SHOP_MESSAGES } from '../../../lib/shopMessages';

/** docs/behaviour.md §5 messages, word for word. */
export const MESSAGES = {
  invalidEmail: SHOP_MESSAGES.invalidEmail,
  invalidCode: 'Please Enter a valid 6-digit Code',
  emptyCode: 'Please enter the OTP',
} as const;

/** The contract's own e-mail rule: an address this form takes, the server takes. */
export const isEmail = (value: string) => isEmailAddress(value.trim());

/** The message to show for a code, or null when it can be sent. */
export function codeProblem(code: string): string | null {
  if (code.trim() === '') return MESSAGES.emptyCode;
  return /^\d{6}$/.test(code.trim()) ? null : MESSAGES.invalidCode;
}
