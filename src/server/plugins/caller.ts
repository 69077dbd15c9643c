import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthenticated } from '../platform/errors';
import { TokenError, type TokenService, type VerifiedToken } from '../modules/auth/tokens';

/**
 * Who is calling, from the bearer token and nothing else. Routes say what they need through
 * `config.auth`: 'none' ignores any token, 'optional' (default) accepts none but refuses a bad one,
 * 'guest' wants any valid token, 'user' wants a signed-in user's token.
 */
export type AuthRequirement = 'none' | 'optional' | 'guest' | 'user';

declare module 'fastify' {
  interface FastifyRequest {
    caller: VerifiedToken | null;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
}

/** Who is calling, as services see it: a signed-in user, or a guest (the guest token's subject). */
export type UserCaller = { kind: 'user'; userId: number; email: string; name: string };
export type GuestCaller = { kind: 'guest'; guestId: string };
export type Caller = UserCaller | GuestCaller;

/** The caller of a request, or null when it carries no token (routes whose `auth` is 'optional'). */
export function optionalCaller(request: FastifyRequest): Caller | null {
  const token = request.caller;
  if (!token) return null;
  return token.kind === 'user'
    ? { kind: 'user', userId: token.userId, email: token.email, name: token.name }
    : { kind: 'guest', guestId: token.sub };
}

/** The caller of a request whose route requires a token ('guest' or 'user'); 401 when there is none. */
export function callerOf(request: FastifyRequest): Caller {
  const caller = optionalCaller(request);
  if (!caller) throw new Unauthenticated('Authentication required');
  return caller;
}

/** The signed-in user of a request: 401 without a token, 403 for a guest. */
export function requireUser(request: FastifyRequest): UserCaller {
  const caller = callerOf(request);
  if (caller.kind !== 'user') throw new Forbidden('Sign in to continue');
  return caller;
}

/**
 * The one ownership check for a `user_id` or `userId` a request names: it must be the caller's own
 * (a guest owns no user id). 403 otherwise; nothing is read or changed before it passes.
 */
export function assertOwnUserId(caller: Caller, userId: number | undefined): void {
  if (userId === undefined) return;
  if (caller.kind !== 'user' || caller.userId !== userId) throw new Forbidden('This is not yours');
}

/** Whether a user token was revoked (logout) after it was issued. */
export type RevocationCheck = (userId: number, issuedAtMs: number) => Promise<boolean>;

export const callerPlugin = fp<{ tokens: TokenService; isRevoked: RevocationCheck }>(
  async (app, { tokens, isRevoked }) => {
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request) => {
      const requirement = request.routeOptions.config?.auth ?? 'optional';
      if (requirement === 'none') return;
      request.caller = await readCaller(request, tokens);
      if (request.caller?.kind === 'user' && (await isRevoked(request.caller.userId, request.caller.iatMs))) {
        throw new Unauthenticated('Token has been revoked');
      }
      if (requirement === 'guest' && !request.caller) throw new Unauthenticated('Authentication required');
      if (requirement === 'user') {
        if (!request.caller) throw new Unauthenticated('Authentication required');
        if (request.caller.kind !== 'user') throw new Forbidden('Sign in to continue');
      }
    });
  },
);

async function readCaller(request: FastifyRequest, tokens: TokenService): Promise<VerifiedToken | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  if (!match?.[1]) throw new Unauthenticated('Authorization header must be "Bearer <token>"');
  try {
    return await tokens.verify(match[1]);
  } catch (err) {
    throw new Unauthenticated(err instanceof TokenError ? err.message : 'Token is not valid');
  }
}
