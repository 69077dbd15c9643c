import { sql } from 'kysely';
import { MAX_ID } from '../../../shared/contract/ids';
import type { Executor } from '../../db/executor';

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

/** The shows that ended, and what their ticket holders' players reported during them. */
function showsAndSessionsOf(db: Executor) {
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
  };
}

/** The refusals by our fault, and the events their requests and heartbeats name. */
function refusalsOf(db: Executor) {
  return {
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
  };
}

/**
 * SQL of what the guaranteed view's judge reads of a show: the shows that ended, what their ticket
 * holders' players reported, and the refusals by our fault (written in batches by playRefusals.ts).
 */
export function createShowEvidenceRepository(db: Executor) {
  return { ...showsAndSessionsOf(db), ...refusalsOf(db) };
}
