import { z } from './zod';

export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

/**
 * This instance's live ingest: `listening` for encoders, `starting` (the server listens, its engines
 * not yet), or `off` with the reason (LIVE_INGEST=off, engines not installed, a port it could not take).
 */
export const ingestStatus = z.object({
  state: z.enum(['starting', 'listening', 'off']),
  reason: z.string().nullable(),
});
export type IngestStatus = z.infer<typeof ingestStatus>;

/** GET /readyz: whether this instance should get traffic, and which dependency says no. */
export const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not configured']),
  migrations: z.enum(['at head', 'pending', 'unknown']),
  ingest: ingestStatus,
});
export type ReadyResponse = z.infer<typeof readyResponse>;
