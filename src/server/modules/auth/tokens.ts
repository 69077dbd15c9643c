import type { KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { guestClaims, userClaims, type GuestClaims, type UserClaims } from '../../../shared/contract/auth';
import type { VerifiedToken } from '../../platform/callerIdentity';

const ISSUER = 'allaccess-storefront';
/** Our API is the only audience of these tokens; a token minted for another purpose is refused. */
export const TOKEN_AUDIENCE = 'allaccess-storefront/api';
const ALGORITHM = 'HS256';

/** A token we cannot read or whose signature does not hold, as the caller is told. */
export const TOKEN_NOT_VALID = 'Token is not valid';

export class TokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenError';
  }
}

const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Signs and verifies our JWTs. Only HS256 with our token key is accepted (no `alg: none`, no RS/HS
 * confusion), issued by us for our API's audience. A token whose signature was checked is remembered (bounded, until it
 * expires), so the
 * hot read paths do not pay for HMAC and claim parsing on every request.
 */
export function createTokenService(key: KeyObject, now: () => number = Date.now) {
  const verified = new Map<string, VerifiedToken>();

  async function sign(claims: GuestClaims | UserClaims, ttlSeconds: number): Promise<string> {
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .sign(key);
  }

  async function verify(token: string): Promise<VerifiedToken> {
    const known = verified.get(token);
    if (known) {
      if (known.exp * 1000 > now()) return known;
      verified.delete(token);
      throw new TokenError('Token has expired');
    }
    const claims = await verifySignature(token);
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
    return claims;
  }

  async function verifySignature(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: new Date(now()),
      });
      const claims = payload.kind === 'user' ? userClaims.safeParse(payload) : guestClaims.safeParse(payload);
      if (!claims.success || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') {
        throw new TokenError('Token claims are not valid');
      }
      return { ...claims.data, iat: payload.iat, exp: payload.exp };
    } catch (err) {
      if (err instanceof TokenError) throw err;
      if (err instanceof joseErrors.JWTExpired) throw new TokenError('Token has expired');
      throw new TokenError(TOKEN_NOT_VALID);
    }
  }

  return { sign, verify };
}

export type TokenService = ReturnType<typeof createTokenService>;
