import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { Forbidden, Unauthenticated } from '../platform/domainErrors';
import { STUDIO_MESSAGES } from '../../shared/contract/studio';
import { CALLER_MESSAGES, type VerifiedToken } from '../platform/callerIdentity';
import { TOKEN_NOT_VALID, TokenError, type TokenService } from '../modules/auth/tokens';

/** Whether a user token was revoked (logout) after it was issued. */
export type RevocationCheck = (userId: number, issuedAtMs: number) => Promise<boolean>;
/** Whether a user holds the organizer role now (modules/organizers). */
export type OrganizerCheck = (userId: number) => Promise<boolean>;

/**
 * Reads the bearer token of every request into `request.caller` and enforces the route's
 * `config.auth` (platform/callerIdentity.ts says what each requirement means and gives modules the caller).
 */
export const callerPlugin = fp<{ tokens: TokenService; isRevoked: RevocationCheck; isOrganizer: OrganizerCheck }>(
  async (app, { tokens, isRevoked, isOrganizer }) => {
    app.decorateRequest('caller', null);
    app.decorateRequest('organizerChecked', false);
    app.addHook('onRequest', async (request) => {
      const requirement = request.routeOptions.config?.auth ?? 'optional';
      // An address without a route is a 404 or 405 whatever token comes with it (platform/routeMethods.ts).
      if (requirement === 'none' || request.is404) return;
      request.caller = await readCaller(request, tokens);
      if (request.caller?.kind === 'user' && (await isRevoked(request.caller.userId, request.caller.iatMs))) {
        throw new Unauthenticated('Token has been revoked');
      }
      if (requirement === 'guest' && !request.caller) throw new Unauthenticated(CALLER_MESSAGES.authenticationRequired);
      if (requirement === 'user' || requirement === 'organizer') {
        if (!request.caller) throw new Unauthenticated(CALLER_MESSAGES.authenticationRequired);
        if (request.caller.kind !== 'user') throw new Forbidden(CALLER_MESSAGES.signIn);
      }
      if (requirement === 'organizer' && request.caller?.kind === 'user') {
        // Read on every call, never from the token: a revoke takes effect on the next call.
        if (!(await isOrganizer(request.caller.userId))) throw new Forbidden(STUDIO_MESSAGES.notOrganizer);
        request.organizerChecked = true;
      }
    });
  },
);

async function readCaller(request: FastifyRequest, tokens: TokenService): Promise<VerifiedToken | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  // The scheme is case-insensitive and may be followed by more than one space (RFC 9110 §11.1, §11.4).
  const match = /^bearer +([A-Za-z0-9._~+/=-]+)$/i.exec(header);
  if (!match?.[1]) throw new Unauthenticated('Authorization header must be "Bearer <token>"');
  try {
    return await tokens.verify(match[1]);
  } catch (err) {
    throw new Unauthenticated(err instanceof TokenError ? err.message : TOKEN_NOT_VALID);
  }
}
