import { z } from './zod';
import { envelope } from './responseEnvelope';

/** GET /v1/public/config: what the client needs to know about this deployment at run time. */
const publicConfig = z.object({
  /** A third-party sign-up form to embed instead of our own newsletter form; null = ours. */
  newsletterEmbedUrl: z.string().nullable(),
  /** Google OAuth client id; null = the Google button is shown disabled. */
  googleClientId: z.string().nullable(),
  /** Which card form the checkout shows: the sandbox's own, or Stripe's PaymentElement with this key. */
  payments: z.object({ provider: z.enum(['sandbox', 'stripe']), publishableKey: z.string().nullable() }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
export const publicConfigResponse = envelope(publicConfig);
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;
