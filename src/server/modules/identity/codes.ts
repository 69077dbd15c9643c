import crypto from 'node:crypto';

/** A 6-digit sign-in code from a secure random source. */
export const newCode = (): string => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Codes are stored as an HMAC keyed with a key derived for this purpose: a leaked table does not give
 * the codes away, even though a million codes would be quick to try against a plain hash.
 */
export const hashCode = (key: Buffer, email: string, code: string): string =>
  crypto.createHmac('sha256', key).update(`${email}\n${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
