/** docs/behaviour.md §2 "Order confirmation", word for word (the typo 'fro' included). */
export const CONFIRMATION_COPY = {
  success: 'Your payment has been Success.',
  thanks: 'Thank you fro purchase.',
  checkEmail: 'Please check your email for your ticket and additional information.',
  failed: 'Your payment has been failed.',
  pending: 'Your payment has been pending.',
  redirecting: (seconds: number) => `Redirecting to event page in ${seconds} seconds...`,
  /** Ours: the show bought is on air now. */
  watchNow: 'Watch now',
} as const;

/** docs/behaviour.md §4 "Confirmation page state": 1 success, 2 failed, 3 pending. */
export type ConfirmationState = 1 | 2 | 3;
export const confirmationState = (redirectStatus: string | null): ConfirmationState =>
  redirectStatus === 'succeeded' ? 1 : redirectStatus === 'failed' ? 2 : 3;
