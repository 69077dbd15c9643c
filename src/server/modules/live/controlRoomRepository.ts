import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { writeShowEnd, type LiveFeedRow } from './liveRepository';

/**
 * SQL of the console's live control room. Built over the unit of work's handle (repositories.ts), so
 * each action and its audit entry are one transaction; the live command's own SQL stays in
 * repository.ts (the show's end is shared: writeShowEnd).
 */
export function createControlRoomRepository(db: Executor) {
  return {
    /** The event with what the control room needs of it, or undefined. */
    event(eventId: number) {
      return db
        .selectFrom('events')
        .leftJoin('stream_configs', 'stream_configs.event_id', 'events.id')
        .select(['events.id', 'events.title', 'events.content_type', 'events.air_start_date', 'stream_configs.config'])
        .where('events.id', '=', eventId)
        .executeTakeFirst();
    },

    feeds(eventId: number): Promise<(LiveFeedRow & { refused_reason: string | null; refused_at: Date | null })[]> {
      return db
        .selectFrom('live_feeds')
        .select([
          'event_id',
          'angle',
          'srt_port',
          'key_hash',
          'publisher',
          'publishing_since',
          'last_publish_end',
          'publishes',
          'issued_at',
          'refused_reason',
          'refused_at',
        ])
        .where('event_id', '=', eventId)
        .orderBy('angle')
        .execute();
    },

    show(eventId: number) {
      return db
        .selectFrom('live_shows')
        .select(['started_at', 'ended_at', 'message', 'message_at'])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
    },

    /** Locks the show's event row: two organizers' actions on one show take turns. */
    async lockEvent(eventId: number): Promise<void> {
      if (!db.isTransaction) throw new Error('a locked read needs a transaction (use the unit of work)');
      await db.selectFrom('events').select('id').where('id', '=', eventId).forUpdate().execute();
    },

    /**
     * Serializes the choice of SRT ports until the transaction ends, on every instance: two events'
     * first keys issued at once would otherwise both pick the same free port (live_feeds' unique port).
     */
    async lockSrtPorts(): Promise<void> {
      if (!db.isTransaction) throw new Error('a locked read needs a transaction (use the unit of work)');
      await sql`select pg_advisory_xact_lock(hashtext('live:srt-ports'))`.execute(db);
    },

    /** SRT ports taken by any feed (a show that ended gave its ports back). */
    async usedSrtPorts(): Promise<number[]> {
      const rows = await db.selectFrom('live_feeds').select('srt_port').where('srt_port', 'is not', null).execute();
      return rows.flatMap((r) => (r.srt_port === null ? [] : [r.srt_port]));
    },

    /** Replaces or inserts a feed's key (a rotation keeps its port and its show's parts). */
    async putKey(eventId: number, angle: number, keyHash: string, srtPort: number, at: Date): Promise<void> {
      await db
        .insertInto('live_feeds')
        .values({ event_id: eventId, angle, key_hash: keyHash, srt_port: srtPort, issued_at: at })
        // The replaced key is kept, so its encoder is told 'rotated' (publishDecision.ts).
        .onConflict((oc) =>
          oc
            .columns(['event_id', 'angle'])
            .doUpdateSet({ key_hash: keyHash, issued_at: at, previous_key_hash: sql`live_feeds.key_hash` }),
        )
        .execute();
    },

    /**
     * 'Start show': the air start becomes `at`, the show is marked started (the first start stands),
     * and the catalog's version moves on so every instance's catalog reads the new air start. The
     * event's own version moves on too, as a form's save does (eventAdmin/repository.ts update): a
     * form loaded before the start cannot write the old air date back over the show.
     */
    async startShow(eventId: number, at: Date): Promise<void> {
      await db
        .updateTable('events')
        .set((eb) => ({ air_start_date: at, version: eb('version', '+', 1), updated_at: at }))
        .where('id', '=', eventId)
        .execute();
      await db
        .insertInto('live_shows')
        .values({ event_id: eventId, started_at: at, ended_at: null })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({ started_at: sql`coalesce(live_shows.started_at, excluded.started_at)` }),
        )
        .execute();
      await sql`insert into settings (key, value) values ('catalog_version', '1')
        on conflict (key) do update set value = (settings.value::bigint + 1)::text, updated_at = now()`.execute(db);
    },

    endShow: (eventId: number, at: Date) => writeShowEnd(db, eventId, at),

    /** The message viewers see (null clears it). */
    async setMessage(eventId: number, message: string | null, at: Date): Promise<void> {
      await db
        .insertInto('live_shows')
        .values({ event_id: eventId, started_at: null, ended_at: null, message, message_at: at })
        .onConflict((oc) => oc.column('event_id').doUpdateSet({ message, message_at: at }))
        .execute();
    },

    /** Open viewing sessions of the event: not closed, and heard from after `freshAfter`. */
    async viewers(eventId: number, freshAfter: Date): Promise<number> {
      const row = await db
        .selectFrom('viewing_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('event_id', '=', eventId)
        .where('closed_at', 'is', null)
        .where('last_seen_at', '>', freshAfter)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The players' reports for the event from sessions that reported after `since`, as /metrics reads
     * them per event (streams/playbackQualityRepository.ts recentByEvent): sessions, startup's 95th
     * percentile, time stalled and time watched.
     */
    async quality(eventId: number, since: Date) {
      const { rows } = await sql<{
        sessions: string;
        startup_p95_ms: number | null;
        stall_ms: string | null;
        watch_ms: string | null;
      }>`
        select count(*) as sessions,
               percentile_cont(0.95) within group (order by startup_ms) as startup_p95_ms,
               sum(stall_ms) as stall_ms,
               sum(watch_ms) as watch_ms
          from playback_quality
         where event_id = ${eventId} and last_at > ${since}`.execute(db);
      const r = rows[0]!;
      return {
        sessions: Number(r.sessions),
        startupP95Ms: r.startup_p95_ms === null ? null : Number(r.startup_p95_ms),
        stallMs: Number(r.stall_ms ?? 0),
        watchMs: Number(r.watch_ms ?? 0),
      };
    },
  };
}
export type ControlRoomRepository = ReturnType<typeof createControlRoomRepository>;
