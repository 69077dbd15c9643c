import type { FastifyInstance } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { IdentityRepositories } from '../identity/repositories';
import { profileRoutes } from './routes';
import { createProfileService } from './service';

/** The signed-in fan's profile: read, updated, and the sign-out of every device. */
export function profileModule(needs: { uow: UnitOfWork<IdentityRepositories> }) {
  return { profiles: createProfileService({ uow: needs.uow }) };
}
export type ProfileModule = ReturnType<typeof profileModule>;

export async function mountProfile(app: FastifyInstance, services: { profile: ProfileModule }) {
  await app.register(profileRoutes, { prefix: '/v1', service: services.profile.profiles });
}
