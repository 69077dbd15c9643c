import { jwtDecode } from 'jwt-decode';

/**
 * What the server's tokens say of themselves (docs/decisions.md: token responses are JWTs the client decodes
 * with jwt-decode; the session token carries name, email and userId). Read to show things and to
 * know when a token has run out — never to decide anything: the browser cannot check the signature,
 * and the server decides every access from the token it verifies itself.
 */
export type SessionClaims = { userId: number; name: string; email: string; expiresAt: number | null };

type RawClaims = { kind?: unknown; userId?: unknown; name?: unknown; email?: unknown; exp?: unknown };

function decode(token: string | null | undefined): RawClaims | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<RawClaims>(token);
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

const expiryOf = (claims: RawClaims) => (typeof claims.exp === 'number' ? claims.exp * 1000 : null);
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A signed-in user's token, read: their id, name ('Ada King Lovelace') and e-mail; null if it is no such token. */
export function readSessionClaims(token: string | null | undefined): SessionClaims | null {
  const claims = decode(token);
  if (!claims || claims.kind !== 'user' || typeof claims.userId !== 'number') return null;
  return {
    userId: claims.userId,
    name: text(claims.name).trim(),
    email: text(claims.email),
    expiresAt: expiryOf(claims),
  };
}

/**
 * Whether a token has run out (by its own `exp`, with a minute's margin for clocks that disagree), so
 * it is replaced before a call fails with it. Unreadable counts as run out; no `exp`, as not.
 */
export function hasExpired(token: string, nowMs = Date.now()): boolean {
  const claims = decode(token);
  if (!claims) return true;
  const expiresAt = expiryOf(claims);
  return expiresAt !== null && expiresAt - 60_000 <= nowMs;
}
