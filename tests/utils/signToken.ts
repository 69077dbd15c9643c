import crypto from 'node:crypto';
import { TEST_JWT_SECRET } from './testConfig';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
// The same derivation as src/server/modules/auth/keys.ts, written out: this file also runs under jsdom.
const TOKEN_KEY = Buffer.from(crypto.hkdfSync('sha256', TEST_JWT_SECRET, '', 'allaccess/token-signing/v1', 32));

/** An HS256 token as the test server signs them, made with node:crypto (works in any jest environment). */
export function signTestToken(claims: Record<string, unknown>, ttlSeconds = 600): string {
  const now = Math.floor(Date.now() / 1000);
  const userExtras = claims.kind === 'user' ? { iatMs: Date.now() } : {};
  const body = {
    ...userExtras,
    ...claims,
    iss: 'allaccess-storefront',
    aud: 'allaccess-storefront/api',
    iat: now,
    exp: now + ttlSeconds,
  };
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(body)}`;
  const signature = crypto.createHmac('sha256', TOKEN_KEY).update(head).digest('base64url');
  return `${head}.${signature}`;
}
