/** Words the sign-in and sign-up screens share (docs/behaviour.md §4 "E-mail sign-in"), word for word. */
export const AUTH_COPY = {
  emailAddress: 'E-mail address',
  signInCode: 'Sign-in code',
  verify: 'Verify',
  resendCode: 'Resend code',
  codeSent: 'Verification code sent to your email',
  continueWithGoogle: 'Continue with Google',
} as const;
