import crypto from 'node:crypto';
import type { AuthRepository } from './guestRepository';
import type { TokenService } from './tokens';

export function createAuthService(deps: { repo: AuthRepository; tokens: TokenService; guestTokenTtlSeconds: number }) {
  return {
    /** A new guest: a stored row and a signed token naming it. */
    async issueGuestToken(ip: string | null): Promise<string> {
      const guestId = crypto.randomUUID();
      await deps.repo.insertGuest(guestId, ip);
      return deps.tokens.sign({ kind: 'guest', sub: guestId }, deps.guestTokenTtlSeconds);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
