import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { httpError } from './errors';
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

/** Whether a user token was revoked (logout) after it was issued. */
export type RevocationCheck = (userId: number, issuedAtMs: number) => Promise<boolean>;

export const callerPlugin = fp<{ tokens: TokenService; isRevoked: RevocationCheck }>(async (app, { tokens, isRevoked }) => {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    const requirement = request.routeOptions.config?.auth ?? 'optional';
    if (requirement === 'none') return;
    request.caller = await readCaller(request, tokens);
    if (request.caller?.kind === 'user' && (await isRevoked(request.caller.userId, request.caller.iatMs))) {
      throw httpError(401, 'Token has been revoked');
    }
    if (requirement === 'guest' && !request.caller) throw httpError(401, 'Authentication required');
    if (requirement === 'user') {
      if (!request.caller) throw httpError(401, 'Authentication required');
      if (request.caller.kind !== 'user') throw httpError(403, 'Sign in to continue');
    }
  });
});

async function readCaller(request: FastifyRequest, tokens: TokenService): Promise<VerifiedToken | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  if (!match?.[1]) throw httpError(401, 'Authorization header must be "Bearer <token>"');
  try {
    return await tokens.verify(match[1]);
  } catch (err) {
    throw httpError(401, err instanceof TokenError ? err.message : 'Token is not valid');
  }
}
