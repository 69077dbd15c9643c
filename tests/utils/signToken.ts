import crypto from 'node:crypto';
import { TEST_JWT_SECRET } from './testConfig';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An HS256 token as the test server signs them, made with node:crypto (works in any jest environment). */
export function signTestToken(claims: Record<string, unknown>, ttlSeconds = 600): string {
  const now = Math.floor(Date.now() / 1000);
  const userExtras = claims.kind === 'user' ? { iatMs: Date.now() } : {};
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...userExtras, ...claims, iss: 'allaccess-storefront', iat: now, exp: now + ttlSeconds })}`;
  const signature = crypto.createHmac('sha256', TEST_JWT_SECRET).update(head).digest('base64url');
  return `${head}.${signature}`;
}
