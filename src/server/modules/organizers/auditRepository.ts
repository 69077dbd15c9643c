import type { Executor } from '../../db/executor';
import type { AuditQuery } from '../../../shared/contract/studio';

/** What an organizer did, as a service records it (in the same transaction as the change itself). */
export type AuditRecord = {
  actor: { userId: number | null; email: string };
  action: string;
  subjectType: string;
  subjectId: string | number;
  before?: unknown;
  after?: unknown;
};

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** SQL of the audit log: appended to by every organizer action, read back newest first. */
export function createAuditRepository(db: Executor) {
  return {
    async record(entry: AuditRecord): Promise<void> {
      await db
        .insertInto('audit_log')
        .values({
          actor_user_id: entry.actor.userId,
          actor_email: entry.actor.email,
          action: entry.action,
          subject_type: entry.subjectType,
          subject_id: String(entry.subjectId),
          before: json(entry.before),
          after: json(entry.after),
        })
        .execute();
    },

    /** One page, newest first; one row more than asked tells whether older entries remain. */
    async page(query: AuditQuery) {
      let q = db.selectFrom('audit_log').selectAll();
      if (query.subjectType) q = q.where('subject_type', '=', query.subjectType);
      if (query.subjectId) q = q.where('subject_id', '=', query.subjectId);
      if (query.before) q = q.where('id', '<', String(query.before));
      const rows = await q
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      return { rows: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
    },
  };
}
