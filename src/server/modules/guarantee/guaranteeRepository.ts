import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { GuaranteeDecisionsTable, GuaranteeRemedy } from '../../db/schema';
import { remedyQueriesOf } from './remedyQueries';
import { createShowEvidenceRepository } from './showEvidenceRepository';

type GuaranteeRule = GuaranteeDecisionsTable['rule'];

type NewDecision = {
  userId: number;
  eventId: number;
  rule: GuaranteeRule;
  evidence: Record<string, unknown>;
  decidedAt: Date;
  replayUntil: Date | null;
  tokenHash: string;
};

/** A decision as the make-good page and the console read it. */
export type DecisionView = {
  userId: number;
  eventId: number;
  orderId: number;
  rule: GuaranteeRule;
  evidence: Record<string, unknown>;
  decidedAt: Date;
  replayUntil: Date | null;
  mailedAt: Date | null;
  remedy: GuaranteeRemedy | null;
  remedyAt: Date | null;
  creditCode: string | null;
  email: string;
  firstName: string;
  lastName: string;
  title: string;
};

/** A ticket still held: an Active order's line of the event, not handed on. */
const heldLine = (userId: number, eventId: number) => sql<boolean>`exists (
  select 1 from orders o join order_items oi on oi.order_id = o.id
   where o.user_id = ${userId} and oi.event_id = ${eventId} and o.status = 'Active' and oi.transferred_at is null)`;

/** A decision with its fan and event, as DecisionView reads it. */
const decisionColumns = (db: Executor) =>
  db
    .selectFrom('guarantee_decisions as gd')
    .innerJoin('users as u', 'u.id', 'gd.user_id')
    .innerJoin('events as e', 'e.id', 'gd.event_id')
    .select([
      'gd.user_id',
      'gd.event_id',
      'gd.order_id',
      'gd.rule',
      'gd.evidence',
      'gd.decided_at',
      'gd.replay_until',
      'gd.mailed_at',
      'gd.remedy',
      'gd.remedy_at',
      'gd.credit_code',
      'u.email',
      'u.first_name',
      'u.last_name',
      'e.title',
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof decisionColumns>['execute']>>[number];
const toView = (r: Row): DecisionView => ({
  userId: r.user_id,
  eventId: r.event_id,
  orderId: r.order_id,
  rule: r.rule,
  evidence: typeof r.evidence === 'string' ? (JSON.parse(r.evidence) as Record<string, unknown>) : r.evidence,
  decidedAt: r.decided_at,
  replayUntil: r.replay_until,
  mailedAt: r.mailed_at,
  remedy: r.remedy,
  remedyAt: r.remedy_at,
  creditCode: r.credit_code,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  title: r.title,
});

/** Writing the decision down, once, and its mail: what the judge and the mail retry job do. */
function decisionWritesOf(db: Executor) {
  return {
    /**
     * The ticket's decision, once: written only while the ticket is held (the order's line, Active,
     * not handed on), and only by the first call (the primary key). True when this call wrote it.
     */
    async decide(d: NewDecision): Promise<boolean> {
      const row = await db
        .insertInto('guarantee_decisions')
        .columns(['user_id', 'event_id', 'order_id', 'rule', 'evidence', 'decided_at', 'replay_until', 'token_hash'])
        .expression((eb) =>
          eb
            .selectFrom('orders as o')
            .innerJoin('order_items as oi', 'oi.order_id', 'o.id')
            .select([
              sql.lit(d.userId).as('user_id'),
              sql.lit(d.eventId).as('event_id'),
              'o.id',
              sql<string>`${d.rule}`.as('rule'),
              sql<string>`${JSON.stringify(d.evidence)}::jsonb`.as('evidence'),
              sql<Date>`${d.decidedAt}::timestamptz`.as('decided_at'),
              sql<Date | null>`${d.replayUntil}::timestamptz`.as('replay_until'),
              sql<string>`${d.tokenHash}`.as('token_hash'),
            ])
            .where('o.user_id', '=', d.userId)
            .where('oi.event_id', '=', d.eventId)
            .where('o.status', '=', 'Active')
            .where('oi.transferred_at', 'is', null)
            .orderBy('o.id')
            .limit(1),
        )
        .onConflict((oc) => oc.columns(['user_id', 'event_id']).doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the user still holds a ticket for the event. */
    async holds(userId: number, eventId: number): Promise<boolean> {
      const { rows } = await sql<{ held: boolean }>`select ${heldLine(userId, eventId)} as held`.execute(db);
      return rows[0]?.held === true;
    },

    async markMailed(userId: number, eventId: number, at: Date): Promise<void> {
      await db
        .updateTable('guarantee_decisions')
        .set({ mailed_at: at })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .execute();
    },

    /** Decisions whose mail did not go (a mail failure), decided before `before`. */
    async unmailed(before: Date, limit: number): Promise<{ userId: number; eventId: number }[]> {
      const rows = await db
        .selectFrom('guarantee_decisions')
        .select(['user_id', 'event_id'])
        .where('mailed_at', 'is', null)
        .where('decided_at', '<', before)
        .orderBy('decided_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ userId: r.user_id, eventId: r.event_id }));
    },

    /** A new link for a decision whose mail did not go (the old token was never sent). */
    async retoken(userId: number, eventId: number, tokenHash: string): Promise<boolean> {
      const r = await db
        .updateTable('guarantee_decisions')
        .set({ token_hash: tokenHash })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('mailed_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

/** Reading decisions: by the link's token, by ticket, the console's list, the replay they extended. */
function decisionReadsOf(db: Executor) {
  return {
    async byTokenHash(tokenHash: string): Promise<DecisionView | undefined> {
      const row = await decisionColumns(db).where('gd.token_hash', '=', tokenHash).executeTakeFirst();
      return row && toView(row);
    },

    async byTicket(userId: number, eventId: number): Promise<DecisionView | undefined> {
      const row = await decisionColumns(db)
        .where('gd.user_id', '=', userId)
        .where('gd.event_id', '=', eventId)
        .executeTakeFirst();
      return row && toView(row);
    },

    /** The console's list: an event's decisions, the newest first. */
    async ofEvent(eventId: number): Promise<DecisionView[]> {
      const rows = await decisionColumns(db)
        .where('gd.event_id', '=', eventId)
        .orderBy('gd.decided_at', 'desc')
        .orderBy('gd.user_id')
        .execute();
      return rows.map(toView);
    },

    /** The replay a decision extended the ticket's to, or null (none, or the replay stays anyway). */
    async replayUntil(userId: number, eventId: number): Promise<Date | null> {
      const row = await db
        .selectFrom('guarantee_decisions')
        .select('replay_until')
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row?.replay_until ?? null;
    },
  };
}

/**
 * SQL of the guaranteed view (docs/decisions.md "After the purchase"): the evidence of shows that
 * ended (showEvidenceRepository.ts), and the decisions, one per ticket (the primary key), with their
 * mail, token, remedy and credit. Times come from the service's clock.
 */
export function createGuaranteeRepository(db: Executor) {
  return {
    ...createShowEvidenceRepository(db),
    ...decisionWritesOf(db),
    ...decisionReadsOf(db),
    ...remedyQueriesOf(db),
  };
}
export type GuaranteeRepository = ReturnType<typeof createGuaranteeRepository>;
