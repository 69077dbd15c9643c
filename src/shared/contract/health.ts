import { z } from './zod';

export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/** GET /readyz: whether this instance should get traffic, and which dependency says no. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not configured']),
  migrations: z.enum(['at head', 'pending', 'unknown']),
});
export type ReadyResponse = z.infer<typeof readyResponse>;
