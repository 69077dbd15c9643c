import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Whether the event has stream keys (its feeds come from encoders). */
const hasFeeds = (eb: ExpressionBuilder<DB, 'events'>) =>
  eb.exists(eb.selectFrom('live_feeds').select('live_feeds.angle').whereRef('live_feeds.event_id', '=', 'events.id'));

/** A published 'Live' event that may be on air now; `keyed` when its feeds come from encoders. */
export type OnAirCandidate = { id: number; path: string; keyed: boolean; airStart: Date | null };

/** SQL of what is on air: the candidate shows, and how many fans watch each. */
export function createOnAirRepository(db: Kysely<DB>) {
  return {
    /**
     * Published 'Live' events whose show may be on now: one fed by encoders that started and has not
     * ended (the reconnect window is the caller's rule, liveState.ts), or one without stream keys in
     * its simulated live window (air start after `windowStart`, not after `at`).
     */
    async candidates(at: Date, windowStart: Date): Promise<OnAirCandidate[]> {
      const rows = await db
        .selectFrom('events')
        .leftJoin('live_shows', 'live_shows.event_id', 'events.id')
        .select((eb) => ['events.id', 'events.path', 'events.air_start_date', hasFeeds(eb).as('keyed')])
        .where('events.published', '=', true)
        .where('events.content_type', '=', 'Live')
        .where((eb) =>
          eb.or([
            eb.and([eb('live_shows.started_at', 'is not', null), eb('live_shows.ended_at', 'is', null)]),
            eb.and([
              eb.not(hasFeeds(eb)),
              eb('events.air_start_date', '>', windowStart),
              eb('events.air_start_date', '<=', at),
            ]),
          ]),
        )
        .execute();
      return rows.map((r) => ({ id: r.id, path: r.path, keyed: Boolean(r.keyed), airStart: r.air_start_date }));
    },

    /** Open viewing sessions per event (not closed, heard from after `freshAfter`), for these events. */
    async watching(eventIds: number[], freshAfter: Date): Promise<Map<number, number>> {
      if (!eventIds.length) return new Map();
      const rows = await db
        .selectFrom('viewing_sessions')
        .select(['event_id', sql<string>`count(*)`.as('n')])
        .where('event_id', 'in', eventIds)
        .where('closed_at', 'is', null)
        .where('last_seen_at', '>', freshAfter)
        .groupBy('event_id')
        .execute();
      return new Map(rows.map((r) => [r.event_id, Number(r.n)]));
    },
  };
}
export type OnAirRepository = ReturnType<typeof createOnAirRepository>;
