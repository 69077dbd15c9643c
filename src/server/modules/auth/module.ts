import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import { deriveKeys } from './keys';
import type { authRepositories } from './repositories';
import { authRoutes } from './routes';
import { createAuthService } from './service';
import { createTokenService } from './tokens';

type AuthNeeds = {
  uow: UnitOfWork<ReturnType<typeof authRepositories>>;
  /** Clock for tokens; tests move it. */
  now?: () => number;
};

/** The server's keys (one per purpose, from JWT_SECRET), its bearer tokens, and the guests' tokens. */
export function authModule(needs: AuthNeeds, config: AppConfig) {
  const keys = deriveKeys(config.jwtSecret);
  const tokens = createTokenService(keys.tokenSigning, needs.now);
  return {
    keys,
    tokens,
    guestTokens: createAuthService({
      repo: needs.uow.repos.guests,
      tokens,
      guestTokenTtlSeconds: config.limits.guestTokenTtlSeconds,
    }),
  };
}
export type AuthModule = ReturnType<typeof authModule>;

export async function mountAuth(app: FastifyInstance, services: { auth: AuthModule }, config: AppConfig) {
  await app.register(authRoutes, {
    prefix: '/v1',
    service: services.auth.guestTokens,
    perMinute: config.limits.guestTokensPerMinutePerIp,
  });
}
