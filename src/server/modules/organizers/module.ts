import type { FastifyInstance } from 'fastify';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { IdentityRepositories } from '../identity/repositories';
import type { OrganizerRepositories } from './repositories';
import { organizerControlRoutes, organizerRoutes } from './routes';
import { createOrganizerService } from './service';

/** Organizers: the role (read on every console call), its grant and revocation, and the audit log. */
export function organizersModule(needs: { uow: UnitOfWork<OrganizerRepositories & IdentityRepositories> }) {
  return { roles: createOrganizerService({ uow: needs.uow }) };
}
type OrganizersModule = ReturnType<typeof organizersModule>;

type OrganizersMountNeeds = {
  organizers: OrganizersModule;
  /** The live ingest's control key proves the organizer commands too (auth/keys.ts). */
  auth: { keys: { ingestControl: string } };
};

/** The console's own calls (/v1/studio/me, the audit log), and the role commands of this machine. */
export async function mountOrganizers(app: FastifyInstance, services: OrganizersMountNeeds) {
  await app.register(organizerRoutes, { prefix: '/v1', service: services.organizers.roles });
  await app.register(organizerControlRoutes, {
    service: services.organizers.roles,
    controlToken: services.auth.keys.ingestControl,
  });
}
