import crypto from 'node:crypto';

/**
 * Constant-time equality of two secrets as the caller sent them. Both sides are hashed first, so
 * inputs of any length or encoding compare in the same time (`timingSafeEqual` itself throws on
 * buffers of unequal length, and a non-ASCII string is longer in bytes than in characters).
 */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
