import crypto from 'node:crypto';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import type { Who } from './cart';
import { TEST_JWT_SECRET } from './testConfig';
import { b64 } from './tokens';

const signingKey = deriveKeys(TEST_JWT_SECRET).tokenSigning;
const sign = (claims: object, key: crypto.KeyObject | Buffer = signingKey) => {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`;
};

/** The claims of a caller's real token. */
export const claimsOf = (who: Who): Record<string, unknown> =>
  JSON.parse(Buffer.from(who.authorization!.split(' ')[1]!.split('.')[1]!, 'base64url').toString());

/**
 * Tokens that carry a real caller's own claims but prove nothing: `alg: none`, expired (signed with
 * the right key), for another audience (the media's), and signed with another key.
 */
export function forgedCallers(of: Who) {
  const claims = claimsOf(of);
  const now = Math.floor(Date.now() / 1000);
  const forged = (label: string, token: string): Who => ({ label, authorization: `Bearer ${token}` });
  return {
    'alg none': forged('alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`),
    expired: forged('expired', sign({ ...claims, iat: now - 7200, exp: now - 60 })),
    'wrong audience': forged('wrong audience', sign({ ...claims, aud: 'allaccess-storefront/media' })),
    'wrong key': forged('wrong key', sign(claims, crypto.randomBytes(32))),
  };
}
