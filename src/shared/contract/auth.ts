import { z } from './zod';
import { envelope } from './responseEnvelope';

/** Claims every token we sign carries; `kind` tells guest and user tokens apart. */
export const guestClaims = z.object({ kind: z.literal('guest'), sub: z.string() });
export const userClaims = z.object({
  kind: z.literal('user'),
  sub: z.string(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Issue time in milliseconds: logout revokes every token issued up to that instant. */
  iatMs: z.number().int(),
});
export type GuestClaims = z.infer<typeof guestClaims>;
export type UserClaims = z.infer<typeof userClaims>;

/** GET /v1/token/guest: the guest token string is the data. */
export const guestTokenResponse = envelope(z.string());
