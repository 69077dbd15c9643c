import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { VIEWING_SESSION_KEY_HEADER } from '../../../shared/contract/streams';

/** A key as handed out: 32 random bytes in base64url. Anything else never matches a session. */
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** The secret of a new viewing session: 256 random bits, handed to the opening device only. */
export const newSessionKey = () => randomBytes(32).toString('base64url');

/**
 * The key of a session opened while the database was out of reach: derived from the session, the
 * viewer and the event with the server's key, so that no row is needed to prove it later (the
 * session is written down on its first stream config after the outage). The same shape as a random key.
 */
export const outageSessionKey = (serverKey: Buffer, sessionId: string, viewer: string, eventId: number) =>
  createHmac('sha256', serverKey)
    .update(`outage-session:${sessionId.toLowerCase()}:${viewer}:${eventId}`)
    .digest('base64url');

/**
 * What is stored of a key. A plain SHA-256 is enough: the key is random and long, so a leaked
 * table gives nobody a key (nothing to guess, unlike a password).
 */
export const hashSessionKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/** The key a request carries in its header, or undefined when it carries none (or one of the wrong shape, or twice). */
export function sessionKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[VIEWING_SESSION_KEY_HEADER];
  return typeof value === 'string' && KEY.test(value) ? value : undefined;
}

/** The stored hash and the presented key's, compared in constant time; a session without a key matches none. */
export function sameHash(stored: string | null, presented: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
