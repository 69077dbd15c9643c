import { sql, type Kysely } from 'kysely';
import { parseIdOrPath } from '../../../shared/contract/ids';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { EncoderRefusal } from '../../../shared/contract/studioLive';

export type LiveFeedRow = {
  event_id: number;
  angle: number;
  srt_port: number | null;
  key_hash: string;
  publisher: string | null;
  publishing_since: Date | null;
  last_publish_end: Date | null;
  publishes: number;
  issued_at: Date;
};

const FEED_COLUMNS = [
  'live_feeds.event_id',
  'live_feeds.angle',
  'live_feeds.srt_port',
  'live_feeds.key_hash',
  'live_feeds.publisher',
  'live_feeds.publishing_since',
  'live_feeds.last_publish_end',
  'live_feeds.publishes',
  'live_feeds.issued_at',
] as const;

/**
 * Ends the show (the first end stands) and gives its feeds' SRT ports back. Two statements for one
 * transaction: the live command's (endShow below) or the console's (controlRoomRepository.ts).
 */
export async function writeShowEnd(db: Executor, eventId: number, at: Date): Promise<void> {
  await db
    .insertInto('live_shows')
    .values({ event_id: eventId, started_at: null, ended_at: at })
    .onConflict((oc) =>
      oc.column('event_id').doUpdateSet({ ended_at: sql`coalesce(live_shows.ended_at, excluded.ended_at)` }),
    )
    .execute();
  await db.updateTable('live_feeds').set({ srt_port: null }).where('event_id', '=', eventId).execute();
}

/** What live reads: the event, its feeds and show, a feed by key or publisher, the ports taken. */
function liveReadsOf(db: Kysely<DB>) {
  return {
    /** The event named by id or path, with what live needs of it (its stream config for the feeds' names). */
    async event(key: string) {
      const k = parseIdOrPath(key);
      const q = db
        .selectFrom('events')
        .leftJoin('stream_configs', 'stream_configs.event_id', 'events.id')
        .select([
          'events.id',
          'events.title',
          'events.content_type',
          'events.air_start_date',
          'events.is_premium',
          'events.published',
          'stream_configs.config',
        ]);
      return ('id' in k ? q.where('events.id', '=', k.id) : q.where('events.path', '=', k.path)).executeTakeFirst();
    },

    async feeds(eventId: number): Promise<LiveFeedRow[]> {
      return db
        .selectFrom('live_feeds')
        .select(FEED_COLUMNS)
        .where('event_id', '=', eventId)
        .orderBy('angle')
        .execute();
    },

    async show(eventId: number) {
      return db
        .selectFrom('live_shows')
        .select(['started_at', 'ended_at', 'message'])
        .where('event_id', '=', eventId)
        .executeTakeFirst();
    },

    /** The feed a key opens, with its event's facts, or undefined. */
    async feedByKeyHash(keyHash: string) {
      return db
        .selectFrom('live_feeds')
        .innerJoin('events', 'events.id', 'live_feeds.event_id')
        .leftJoin('live_shows', 'live_shows.event_id', 'live_feeds.event_id')
        .select([...FEED_COLUMNS, 'events.content_type', 'live_shows.ended_at'])
        .where('live_feeds.key_hash', '=', keyHash)
        .executeTakeFirst();
    },

    /** The feed whose previous key this is (a rotation replaced it), or undefined. */
    async feedByPreviousKeyHash(keyHash: string) {
      return db
        .selectFrom('live_feeds')
        .select(['event_id', 'angle'])
        .where('previous_key_hash', '=', keyHash)
        .executeTakeFirst();
    },

    async feedByPublisher(publisher: string) {
      return db.selectFrom('live_feeds').select(FEED_COLUMNS).where('publisher', '=', publisher).executeTakeFirst();
    },

    /** SRT ports taken by feeds (a show that ends gives its ports back: endShow). */
    async usedSrtPorts(): Promise<number[]> {
      const rows = await db.selectFrom('live_feeds').select('srt_port').where('srt_port', 'is not', null).execute();
      return rows.flatMap((r) => (r.srt_port === null ? [] : [r.srt_port]));
    },
  };
}

/** A feed's key put or removed, and its publisher taking it or letting go. */
function feedWritesOf(db: Kysely<DB>) {
  return {
    /** Replaces or inserts a feed's key (a rotation keeps its port and its show's parts). */
    async putKey(eventId: number, angle: number, keyHash: string, srtPort: number, at: Date) {
      await db
        .insertInto('live_feeds')
        .values({ event_id: eventId, angle, key_hash: keyHash, srt_port: srtPort, issued_at: at })
        .onConflict((oc) =>
          oc.columns(['event_id', 'angle']).doUpdateSet({
            key_hash: keyHash,
            issued_at: at,
            // The replaced key, so its encoder is told 'rotated' (publishDecision.ts).
            previous_key_hash: sql`live_feeds.key_hash`,
          }),
        )
        .execute();
    },

    async removeFeedsAbove(eventId: number, angles: number[]) {
      await db
        .deleteFrom('live_feeds')
        .where('event_id', '=', eventId)
        .where('angle', 'not in', angles.length ? angles : [-1])
        .execute();
    },

    /**
     * Takes the feed for a new publisher when none publishes: true when this call took it. One
     * statement, so two encoders connecting at once on one angle cannot both win.
     */
    async startPublishing(eventId: number, angle: number, publisher: string, at: Date): Promise<number | null> {
      const row = await db
        .updateTable('live_feeds')
        .set({ publisher, publishing_since: at, publishes: sql`publishes + 1` })
        .where('event_id', '=', eventId)
        .where('angle', '=', angle)
        .where('publisher', 'is', null)
        .returning('publishes')
        .executeTakeFirst();
      if (!row) return null;
      await db
        .insertInto('live_shows')
        .values({ event_id: eventId, started_at: at, ended_at: null })
        .onConflict((oc) =>
          oc.column('event_id').doUpdateSet({ started_at: sql`coalesce(live_shows.started_at, excluded.started_at)` }),
        )
        .execute();
      return row.publishes;
    },

    /** Why the feed's encoder was just refused (the control room says it). */
    async recordRefusal(eventId: number, angle: number, reason: EncoderRefusal, at: Date) {
      await db
        .updateTable('live_feeds')
        .set({ refused_reason: reason, refused_at: at })
        .where('event_id', '=', eventId)
        .where('angle', '=', angle)
        .execute();
    },

    async stopPublishing(publisher: string, at: Date) {
      return db
        .updateTable('live_feeds')
        .set({ publisher: null, publishing_since: null, last_publish_end: at })
        .where('publisher', '=', publisher)
        .returning(['event_id', 'angle'])
        .executeTakeFirst();
    },

    /** Frees every feed an ingest restart left marked as publishing (its connections are gone). */
    async stopAllPublishing(at: Date) {
      await db
        .updateTable('live_feeds')
        .set({ publisher: null, publishing_since: null, last_publish_end: at })
        .where('publisher', 'is not', null)
        .execute();
    },
  };
}

/** A show ended or (the demo) put on air, and the feeds the SRT listeners serve. */
function showWritesOf(db: Kysely<DB>) {
  return {
    /** Ends the show (the first end stands) and gives its feeds' SRT ports back. */
    async endShow(eventId: number, at: Date) {
      await db.transaction().execute((tx) => writeShowEnd(tx, eventId, at));
    },

    /**
     * The demo only (`npm run live:demo`): a new show starts at `at` (the event's air start moves,
     * the previous show is forgotten), and the catalog's version moves on so every instance's catalog
     * cache reads it again (as an import does).
     */
    async putOnAir(eventId: number, at: Date) {
      await db.transaction().execute(async (tx) => {
        // The event's version moves on, as 'Start show' does: a console form loaded before is stale.
        await tx
          .updateTable('events')
          .set((eb) => ({ air_start_date: at, version: eb('version', '+', 1), updated_at: at }))
          .where('id', '=', eventId)
          .execute();
        // A new show: the previous one's parts and end are forgotten (its files are removed: routes.ts).
        await tx.deleteFrom('live_shows').where('event_id', '=', eventId).execute();
        await tx
          .updateTable('live_feeds')
          .set({ publishes: 0, last_publish_end: null })
          .where('event_id', '=', eventId)
          .where('publisher', 'is', null)
          .execute();
        await sql`insert into settings (key, value) values ('catalog_version', '1')
          on conflict (key) do update set value = (settings.value::bigint + 1)::text, updated_at = now()`.execute(tx);
      });
    },

    /** Every feed the SRT listeners serve: feeds of 'Live' events whose show has not ended. */
    async openFeeds() {
      return db
        .selectFrom('live_feeds')
        .innerJoin('events', 'events.id', 'live_feeds.event_id')
        .leftJoin('live_shows', 'live_shows.event_id', 'live_feeds.event_id')
        .select(['live_feeds.event_id', 'live_feeds.angle', 'live_feeds.srt_port', 'live_feeds.key_hash'])
        .where('events.content_type', '=', 'Live')
        .where('live_shows.ended_at', 'is', null)
        .where('live_feeds.srt_port', 'is not', null)
        .execute();
    },
  };
}

/** SQL of live shows: feeds (keys and publishing state) and shows (started, ended). */
export function createLiveRepository(db: Kysely<DB>) {
  return {
    ...liveReadsOf(db),
    ...feedWritesOf(db),
    ...showWritesOf(db),
  };
}
export type LiveRepository = ReturnType<typeof createLiveRepository>;
