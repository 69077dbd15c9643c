import type { Executor } from '../../db/executor';
import { createAuditRepository } from './auditRepository';
import { createOrganizerRepository } from './organizerRepository';

/** The organizers module's repositories, by the name services know them (repositories.ts gathers every module's). */
export const organizerRepositories = (db: Executor) => ({
  organizers: createOrganizerRepository(db),
  audit: createAuditRepository(db),
});
export type OrganizerRepositories = ReturnType<typeof organizerRepositories>;
