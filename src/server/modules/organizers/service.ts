import type { AuditPage, AuditQuery, StudioMe } from '../../../shared/contract/studio';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { OrganizerCaller } from '../../platform/callerIdentity';
import { NotFound } from '../../platform/domainErrors';
import type { IdentityRepositories } from '../identity/repositories';
import type { OrganizerRepositories } from './repositories';

/** The operator's own hand in an audit entry (the grant and revoke commands), not an organizer's. */
const OPERATOR = { userId: null, email: 'operator (command line)' } as const;

/**
 * The organizer role (docs/decisions.md "Organizers"): granted and revoked by the operator, checked
 * on every console call, and the audit log every organizer action writes to.
 */
export function createOrganizerService({ uow }: { uow: UnitOfWork<OrganizerRepositories & IdentityRepositories> }) {
  const { organizers, audit } = uow.repos;

  async function setRole(email: string, granted: boolean): Promise<{ email: string; changed: boolean }> {
    return uow.transaction(async (repos) => {
      const user = await repos.identity.userByEmail(email.trim());
      if (!user)
        throw new NotFound(`No account uses ${email.trim()}: the person signs up first, then is granted the role.`);
      const changed = granted ? await repos.organizers.grant(user.id) : await repos.organizers.revoke(user.id);
      if (changed) {
        await repos.audit.record({
          actor: OPERATOR,
          action: granted ? 'organizer.grant' : 'organizer.revoke',
          subjectType: 'organizer',
          subjectId: user.id,
          before: { organizer: !granted },
          after: { organizer: granted, email: user.email },
        });
      }
      return { email: user.email, changed };
    });
  }

  return {
    isOrganizer: (userId: number) => organizers.isOrganizer(userId),
    grant: (email: string) => setRole(email, true),
    revoke: (email: string) => setRole(email, false),

    me(caller: OrganizerCaller): StudioMe {
      return { userId: caller.userId, email: caller.email, name: caller.name };
    },

    async auditPage(query: AuditQuery): Promise<AuditPage> {
      const { rows, hasMore } = await audit.page(query);
      return {
        entries: rows.map((r) => ({
          id: Number(r.id),
          at: new Date(r.at).toISOString(),
          actorEmail: r.actor_email,
          action: r.action,
          subjectType: r.subject_type,
          subjectId: r.subject_id,
          before: r.before ?? null,
          after: r.after ?? null,
        })),
        hasMore,
      };
    },
  };
}
export type OrganizerService = ReturnType<typeof createOrganizerService>;
