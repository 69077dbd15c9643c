import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { AuthModule } from '../auth/module';
import type { Mailer } from '../mail/mailer';
import { createGoogleVerifier } from './google';
import type { IdentityRepositories } from './repositories';
import { identityRoutes } from './routes';
import { createIdentityService } from './service';

type IdentityNeeds = {
  uow: UnitOfWork<IdentityRepositories>;
  mailer: Mailer;
  auth: Pick<AuthModule, 'tokens' | 'keys'>;
  /** Told of every verified account signing in or up (the orders module's transfers claim theirs). */
  onSignedIn: Parameters<typeof createIdentityService>[0]['onSignedIn'];
  now?: () => number;
};

/** Accounts: sign-in by e-mailed code or Google, sessions and their revocation. */
export function identityModule(needs: IdentityNeeds, config: AppConfig) {
  const clock = needs.now ? { now: needs.now } : {};
  return {
    accounts: createIdentityService({
      onSignedIn: needs.onSignedIn,
      uow: needs.uow,
      tokens: needs.auth.tokens,
      mailer: needs.mailer,
      google: createGoogleVerifier({ clientId: config.googleClientId, apiBase: config.googleApiBase }),
      codeKey: needs.auth.keys.codeHashing,
      limits: config.limits,
      ...clock,
    }),
  };
}
export type IdentityModule = ReturnType<typeof identityModule>;

export async function mountIdentity(app: FastifyInstance, services: { identity: IdentityModule }, config: AppConfig) {
  await app.register(identityRoutes, { prefix: '/v1', service: services.identity.accounts, limits: config.limits });
}
