import type { Kysely } from 'kysely';
import { parseIdOrPath } from '../../../shared/contract/ids';
import type { DB } from '../../db/schema';

/** SQL of the streams module: an event's stream config and its schedule. */
export function createStreamRepository(db: Kysely<DB>) {
  return {
    /** The event named by id or path, with its stored config (null when it has none). */
    async eventWithConfig(key: string) {
      const k = parseIdOrPath(key);
      const q = db.selectFrom('events')
        .leftJoin('stream_configs', 'stream_configs.event_id', 'events.id')
        .select(['events.id', 'events.is_premium', 'events.content_type', 'events.air_start_date', 'stream_configs.config']);
      return ('id' in k ? q.where('events.id', '=', k.id) : q.where('events.path', '=', k.path)).executeTakeFirst();
    },

    async schedule(eventId: number) {
      return db.selectFrom('events').select(['content_type', 'air_start_date']).where('id', '=', eventId).executeTakeFirst();
    },
  };
}
export type StreamRepository = ReturnType<typeof createStreamRepository>;
