import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** The largest figure a column holds (PostgreSQL integer): every sum stops there. */
const INT_MAX = 2 ** 31 - 1;

/** One beacon's figures for its session, with the bounds the service worked out. */
export type QualityAddition = {
  sessionId: string;
  eventId: number;
  seq: number;
  /** The figures are the session's totals so far (they replace the row's); else what is new (added). */
  totals: boolean;
  startupMs: number | null;
  stalls: number;
  stallMs: number;
  /** Playing plus stalled: the watching time (or what this beacon adds to it). */
  watchMs: number;
  rungSwitches: number;
  fatalErrors: number;
  at: Date;
  /** A session cannot have been watched longer than it has been open: the sums stop there. */
  maxWatchMs: number;
};

/** Per event, over the sessions that reported recently: what /metrics publishes. */
export type EventQuality = {
  eventId: number;
  sessions: number;
  /** The 95th percentile of startup (continuous, as percentile_cont); null when no session saw a frame. */
  startupP95Ms: number | null;
  stallMs: number;
  watchMs: number;
};

/**
 * SQL of the quality figures per viewing session (playback_quality). Times come from the service's
 * clock, never SQL's now().
 */
export function createPlaybackQualityRepository(db: Executor) {
  /** A running sum, added in bigint and kept within the integer column (a long session's sum never errs). */
  const capped = (column: string, add: number, cap: number = INT_MAX) => {
    const current = sql.ref(`playback_quality.${column}`);
    return sql<number>`least(${current}::bigint + ${Math.min(add, INT_MAX)}::bigint, ${cap}::bigint)`;
  };

  return {
    /**
     * Writes a beacon into its session's row (made by the first one), unless a beacon with this number
     * or a higher one was counted already: its totals replace the row's, or (a beacon without totals)
     * its figures are added. True when it was counted.
     */
    async add(a: QualityAddition): Promise<boolean> {
      const watch = Math.min(a.watchMs, a.maxWatchMs, INT_MAX);
      const row = await db
        .insertInto('playback_quality')
        .values({
          session_id: a.sessionId,
          event_id: a.eventId,
          startup_ms: a.startupMs,
          stall_count: a.stalls,
          stall_ms: Math.min(a.stallMs, watch),
          watch_ms: watch,
          rung_switches: a.rungSwitches,
          fatal_errors: a.fatalErrors,
          last_seq: a.seq,
          first_at: a.at,
          last_at: a.at,
        })
        .onConflict((oc) =>
          oc
            .column('session_id')
            .doUpdateSet(() => {
              const latest = {
                startup_ms: sql<number | null>`coalesce(playback_quality.startup_ms, excluded.startup_ms)`,
                last_seq: sql<number>`excluded.last_seq`,
                last_at: sql<Date>`excluded.last_at`,
              };
              if (a.totals)
                return {
                  ...latest,
                  stall_count: sql`excluded.stall_count`,
                  stall_ms: sql`excluded.stall_ms`,
                  watch_ms: sql`excluded.watch_ms`,
                  rung_switches: sql`excluded.rung_switches`,
                  fatal_errors: sql`excluded.fatal_errors`,
                };
              const watchSum = capped('watch_ms', a.watchMs, Math.min(a.maxWatchMs, INT_MAX));
              return {
                ...latest,
                stall_count: capped('stall_count', a.stalls),
                stall_ms: sql`least(${capped('stall_ms', a.stallMs)}, ${watchSum})`,
                watch_ms: watchSum,
                rung_switches: capped('rung_switches', a.rungSwitches),
                fatal_errors: capped('fatal_errors', a.fatalErrors),
              };
            })
            .where('playback_quality.last_seq', '<', a.seq),
        )
        .returning('session_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Events whose sessions reported after `since`, the busiest first, at most `limit` of them. */
    async recentByEvent(since: Date, limit: number): Promise<EventQuality[]> {
      const { rows } = await sql<{
        event_id: number;
        sessions: string;
        startup_p95_ms: number | null;
        stall_ms: string;
        watch_ms: string;
      }>`
        select event_id,
               count(*) as sessions,
               percentile_cont(0.95) within group (order by startup_ms) as startup_p95_ms,
               sum(stall_ms) as stall_ms,
               sum(watch_ms) as watch_ms
          from playback_quality
         where last_at > ${since}
         group by event_id
         order by count(*) desc, event_id
         limit ${limit}`.execute(db);
      return rows.map((r) => ({
        eventId: r.event_id,
        sessions: Number(r.sessions),
        startupP95Ms: r.startup_p95_ms === null ? null : Number(r.startup_p95_ms),
        stallMs: Number(r.stall_ms),
        watchMs: Number(r.watch_ms),
      }));
    },

    /**
     * Deletes up to `batch` rows last reported before `before` (the retention period). Rows another
     * instance is deleting are skipped, not waited for.
     */
    async deleteOlderThan(before: Date, batch: number): Promise<number> {
      const result = await db
        .deleteFrom('playback_quality')
        .where('session_id', 'in', (eb) =>
          eb
            .selectFrom('playback_quality')
            .select('session_id')
            .where('last_at', '<', before)
            .limit(batch)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PlaybackQualityRepository = ReturnType<typeof createPlaybackQualityRepository>;
