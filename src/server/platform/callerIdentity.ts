import type { FastifyRequest } from 'fastify';
import type { GuestClaims, UserClaims } from '../../shared/contract/auth';
import { Forbidden, Unauthenticated } from './domainErrors';

/**
 * Who is calling, from the bearer token and nothing else. Routes say what they need through
 * `config.auth`: 'none' ignores any token, 'optional' (default) accepts none but refuses a bad one,
 * 'guest' wants any valid token, 'user' wants a signed-in user's token, 'organizer' a signed-in user
 * the operator made an organizer (read from the database on every call). The caller plugin
 * (plugins/bearerAuthentication.ts) reads the token into `request.caller`; modules read it through the helpers here.
 */
export type AuthRequirement = 'none' | 'optional' | 'guest' | 'user' | 'organizer';

/** A token whose signature and claims were checked (modules/auth/tokens.ts signs and verifies them). */
export type VerifiedToken = (GuestClaims | UserClaims) & { iat: number; exp: number };

declare module 'fastify' {
  interface FastifyRequest {
    caller: VerifiedToken | null;
    /** Set by the caller plugin once the database said this user holds the organizer role. */
    organizerChecked: boolean;
  }
  interface FastifyContextConfig {
    auth?: AuthRequirement;
  }
}

/** What a refused caller reads: no token, a guest where a user is needed, someone else's thing. */
export const CALLER_MESSAGES = {
  authenticationRequired: 'Authentication required',
  signIn: 'Sign in to continue',
  notYours: 'This is not yours',
} as const;

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
  if (!caller) throw new Unauthenticated(CALLER_MESSAGES.authenticationRequired);
  return caller;
}

/** The signed-in user of a request: 401 without a token, 403 for a guest. */
export function requireUser(request: FastifyRequest): UserCaller {
  const caller = callerOf(request);
  if (caller.kind !== 'user') throw new Forbidden(CALLER_MESSAGES.signIn);
  return caller;
}

/** An organizer calling the console's API (docs/decisions.md "Organizers"). */
export type OrganizerCaller = UserCaller & { organizer: true };

/**
 * The organizer calling a console route. The role itself is checked by the caller plugin, against
 * the database, for every route whose `config.auth` is 'organizer'; a route that forgot to say so
 * fails here instead of letting anyone in.
 */
export function requireOrganizer(request: FastifyRequest): OrganizerCaller {
  const user = requireUser(request);
  if (!request.organizerChecked)
    throw new Error(`${request.routeOptions.url}: console routes need config.auth 'organizer'`);
  return { ...user, organizer: true };
}

/**
 * The one ownership check for a `user_id` or `userId` a request names: it must be the caller's own
 * (a guest owns no user id). 403 otherwise; nothing is read or changed before it passes.
 */
export function assertOwnUserId(caller: Caller, userId: number | undefined): void {
  if (userId === undefined) return;
  if (caller.kind !== 'user' || caller.userId !== userId) throw new Forbidden(CALLER_MESSAGES.notYours);
}
