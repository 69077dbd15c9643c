import type { AppConfig } from '../../config';
import type { TokenService } from '../auth/tokens';
import type { UserRow } from './identityRepository';

export type Session = {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  emailId: string;
  token: string;
  verified: boolean;
};

/** What issuing a session needs of the identity service's dependencies (service.ts). */
type SessionDeps = {
  tokens: TokenService;
  limits: Pick<AppConfig['limits'], 'userTokenTtlSeconds'>;
  now?: () => number;
  /**
   * Told of every verified account signing in or up, before its session is issued: the orders
   * module gives it the tickets handed on to its address (an injected callback, so identity does not
   * import orders). Must not throw.
   */
  onSignedIn?: (user: UserRow) => Promise<unknown>;
};

/**
 * The session every way of signing in ends with: the orders module told first (tickets handed on to
 * the address), then a user token signed for the account.
 */
export function sessionIssuerOf(deps: SessionDeps) {
  const now = deps.now ?? Date.now;
  return async function session(user: UserRow): Promise<Session> {
    if (user.verified) await deps.onSignedIn?.(user);
    const name = `${user.first_name} ${user.last_name}`.trim();
    const token = await deps.tokens.sign(
      { kind: 'user', sub: String(user.id), userId: user.id, name, email: user.email, iatMs: now() },
      deps.limits.userTokenTtlSeconds,
    );
    return {
      id: user.id,
      userId: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      emailId: user.email,
      token,
      verified: user.verified,
    };
  };
}
