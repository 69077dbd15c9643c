import { sql } from 'kysely';
import { MAX_ID } from '../../../shared/contract/ids';
import type { Executor } from '../../db/executor';
import type { GuaranteeDecisionsTable, GuaranteeRemedy } from '../../db/schema';

type GuaranteeRule = GuaranteeDecisionsTable['rule'];

/** A live event whose show has ended, with its guaranteed view's settings. */
export type EndedShow = {
  eventId: number;
  title: string;
  startedAt: Date;
  endedAt: Date;
  replayDays: number | null;
  startupSeconds: number;
  stallPercent: number;
  extensionDays: number;
};

/** A session of a signed-in viewer that overlapped the show, with the player's figures (null: none came). */
type ShowSession = {
  sessionId: string;
  userId: number;
  openedAt: Date;
  quality: { startupMs: number | null; stallMs: number; watchMs: number; lastAt: Date } | null;
};

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

/**
 * SQL of the guaranteed view (docs/decisions.md "After the purchase"): shows that ended, what their
 * ticket holders' players reported, refusals by our fault, and the decisions, one per ticket (the
 * primary key). Times come from the service's clock.
 */
export function createGuaranteeRepository(db: Executor) {
  const decisionColumns = () =>
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

  return {
    /**
     * Live events whose show ended between `from` and `to`: the real show's end, or, for an event
     * without one (no feed ever came), its air start plus the live window.
     */
    async endedShows(from: Date, to: Date, liveMinutes: number): Promise<EndedShow[]> {
      const { rows } = await sql<{
        id: number;
        title: string;
        started_at: Date;
        ended_at: Date;
        replay_days: number | null;
        guarantee_startup_seconds: number;
        guarantee_stall_percent: number;
        guarantee_extension_days: number;
      }>`
        select * from (
          select e.id, e.title, e.replay_days, e.guarantee_startup_seconds, e.guarantee_stall_percent,
                 e.guarantee_extension_days,
                 coalesce(ls.started_at, e.air_start_date) as started_at,
                 case when ls.started_at is not null then ls.ended_at
                      else e.air_start_date + make_interval(mins => ${liveMinutes}) end as ended_at
            from events e left join live_shows ls on ls.event_id = e.id
           where e.content_type = 'Live' and e.air_start_date is not null) shows
         where ended_at > ${from} and ended_at <= ${to}
         order by ended_at, id`.execute(db);
      return rows.map((r) => ({
        eventId: r.id,
        title: r.title,
        startedAt: new Date(r.started_at),
        endedAt: new Date(r.ended_at),
        replayDays: r.replay_days,
        startupSeconds: r.guarantee_startup_seconds,
        stallPercent: Number(r.guarantee_stall_percent),
        extensionDays: r.guarantee_extension_days,
      }));
    },

    /** Shows started and not written down as ended: their state is read so a lapsed one gets its end. */
    async showsNotEnded(): Promise<number[]> {
      const rows = await db
        .selectFrom('live_shows')
        .select('event_id')
        .where('started_at', 'is not', null)
        .where('ended_at', 'is', null)
        .execute();
      return rows.map((r) => r.event_id);
    },

    /** Signed-in viewers' sessions that overlapped the show, of tickets not decided yet. */
    async sessionsDuring(eventId: number, from: Date, to: Date): Promise<ShowSession[]> {
      const rows = await db
        .selectFrom('viewing_sessions as vs')
        .leftJoin('playback_quality as pq', 'pq.session_id', 'vs.id')
        .select([
          'vs.id',
          'vs.user_id',
          'vs.opened_at',
          'pq.session_id as reported',
          'pq.startup_ms',
          'pq.stall_ms',
          'pq.watch_ms',
          'pq.last_at',
        ])
        .where('vs.event_id', '=', eventId)
        .where('vs.user_id', 'is not', null)
        .where('vs.opened_at', '<=', to)
        .where(sql<boolean>`coalesce(vs.closed_at, vs.last_seen_at) >= ${from}`)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('guarantee_decisions as gd')
                .select('gd.user_id')
                .whereRef('gd.user_id', '=', 'vs.user_id')
                .where('gd.event_id', '=', eventId),
            ),
          ),
        )
        .orderBy('vs.opened_at')
        .execute();
      return rows.map((r) => ({
        sessionId: r.id,
        userId: r.user_id!,
        openedAt: r.opened_at,
        quality:
          r.reported === null
            ? null
            : {
                startupMs: r.startup_ms,
                stallMs: Number(r.stall_ms),
                watchMs: Number(r.watch_ms),
                lastAt: r.last_at!,
              },
      }));
    },

    /** Refusals by our fault of the event's viewers between `from` and `to`, of tickets not decided yet. */
    async refusalsDuring(eventId: number, from: Date, to: Date) {
      return db
        .selectFrom('play_refusals as r')
        .select(['r.user_id', 'r.status', 'r.route', 'r.at'])
        .where('r.event_id', '=', eventId)
        .where('r.at', '>=', from)
        .where('r.at', '<=', to)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('guarantee_decisions as gd')
                .select('gd.user_id')
                .whereRef('gd.user_id', '=', 'r.user_id')
                .where('gd.event_id', '=', eventId),
            ),
          ),
        )
        .orderBy('r.at')
        .execute();
    },

    /** Writes refusals down in one statement. */
    async addRefusals(rows: { userId: number; eventId: number; status: number; route: string; at: Date }[]) {
      if (!rows.length) return;
      await db
        .insertInto('play_refusals')
        .values(
          rows.map((r) => ({ user_id: r.userId, event_id: r.eventId, status: r.status, route: r.route, at: r.at })),
        )
        .execute();
    },

    /** Event ids by id or path (refusals name the event as the request did), the known ones only. */
    async eventIds(keys: string[]): Promise<Map<string, number>> {
      // Every id the column can hold (ten digits and more than a billion, too); a number past it is no id.
      const isId = (k: string) => /^\d{1,10}$/.test(k) && Number(k) <= MAX_ID;
      const ids = keys.filter(isId).map(Number);
      const paths = keys.filter((k) => !isId(k));
      const found = new Map<string, number>();
      if (ids.length || paths.length) {
        const rows = await db
          .selectFrom('events')
          .select(['id', 'path'])
          .where((eb) =>
            eb.or([...(ids.length ? [eb('id', 'in', ids)] : []), ...(paths.length ? [eb('path', 'in', paths)] : [])]),
          )
          .execute();
        for (const r of rows) {
          found.set(String(r.id), r.id);
          found.set(r.path, r.id);
        }
      }
      return found;
    },

    /** The events of viewing sessions (a heartbeat names its session only), the caller's own only. */
    async sessionEvents(sessions: { id: string; userId: number }[]): Promise<Map<string, number>> {
      const found = new Map<string, number>();
      if (!sessions.length) return found;
      const rows = await db
        .selectFrom('viewing_sessions')
        .select(['id', 'event_id', 'user_id'])
        .where(
          'id',
          'in',
          sessions.map((s) => s.id),
        )
        .execute();
      for (const r of rows)
        if (sessions.some((s) => s.id === r.id && s.userId === r.user_id)) found.set(r.id, r.event_id);
      return found;
    },

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

    async byTokenHash(tokenHash: string): Promise<DecisionView | undefined> {
      const row = await decisionColumns().where('gd.token_hash', '=', tokenHash).executeTakeFirst();
      return row && toView(row);
    },

    async byTicket(userId: number, eventId: number): Promise<DecisionView | undefined> {
      const row = await decisionColumns()
        .where('gd.user_id', '=', userId)
        .where('gd.event_id', '=', eventId)
        .executeTakeFirst();
      return row && toView(row);
    },

    /** The console's list: an event's decisions, the newest first. */
    async ofEvent(eventId: number): Promise<DecisionView[]> {
      const rows = await decisionColumns()
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

    /**
     * The fan's choice, once: only while none was made (a second call, or a double click, finds one).
     * True when this call made it.
     */
    async chooseRemedy(
      userId: number,
      eventId: number,
      remedy: GuaranteeRemedy,
      at: Date,
      creditCode: string | null,
    ): Promise<boolean> {
      const r = await db
        .updateTable('guarantee_decisions')
        .set({ remedy, remedy_at: at, credit_code: creditCode })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('remedy', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /**
     * Takes back a refund choice whose refund was never claimed (the claim failed on something other
     * than the provider), so the fan's next click tries again instead of reading "chosen already".
     * A claimed refund (a `refunds` row) stands: the reconciliation job finishes it.
     */
    async withdrawUnclaimedRefund(userId: number, eventId: number, orderId: number): Promise<void> {
      await db
        .updateTable('guarantee_decisions')
        .set({ remedy: null, remedy_at: null })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('remedy', '=', 'refund')
        .where((eb) => eb.not(eb.exists(eb.selectFrom('refunds').select('order_id').where('order_id', '=', orderId))))
        .execute();
    },

    /** What the make-good needs of the ticket's order: its state, its line's paid price, its events. */
    async orderFacts(orderId: number, eventId: number) {
      const { rows } = await sql<{
        status: string;
        price_cents: number;
        events: string;
        refunded: boolean;
      }>`
        select o.status,
               (select oi.price_cents from order_items oi
                 where oi.order_id = o.id and oi.event_id = ${eventId}) as price_cents,
               (select count(*) from order_items oi where oi.order_id = o.id) as events,
               exists (select 1 from refunds r where r.order_id = o.id) as refunded
          from orders o where o.id = ${orderId}`.execute(db);
      const r = rows[0];
      return r
        ? { status: r.status, priceCents: Number(r.price_cents ?? 0), events: Number(r.events), refunded: r.refunded }
        : undefined;
    },

    /** The credit: a coupon of the line's paid price, for one use, until `endsAt`. False when the code is taken. */
    async insertCredit(code: string, amountCents: number, at: Date, endsAt: Date): Promise<boolean> {
      const made = await db
        .insertInto('coupons')
        .values({
          code,
          kind: 'fixed',
          percent_off: null,
          amount_off_cents: amountCents,
          starts_at: at,
          ends_at: endsAt,
          max_redemptions: 1,
          per_user_limit: 1,
          event_id: null,
          created_at: at,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      return made !== undefined;
    },
  };
}
export type GuaranteeRepository = ReturnType<typeof createGuaranteeRepository>;
