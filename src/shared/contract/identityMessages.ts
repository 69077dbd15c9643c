// Kept apart from the schemas so the browser can show these words without loading zod.
/** Sign-in words the server answers with and the browser shows as they are (docs/behaviour.md §5). */
export const IDENTITY_MESSAGES = {
  tooManyAttempts: 'Too many attempts. Try again later.',
  loggedOut: 'Logout successfully.',
} as const;
