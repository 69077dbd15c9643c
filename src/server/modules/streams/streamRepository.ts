import type { Kysely } from 'kysely';
import { parseIdOrPath } from '../../../shared/contract/ids';
import type { DB } from '../../db/schema';

/** SQL of the streams module: an event's stream config, and what its protected media need to know. */
export function createStreamRepository(db: Kysely<DB>) {
  return {
    /** The event named by id or path, with its stored config (null when it has none). */
    async eventWithConfig(key: string) {
      const k = parseIdOrPath(key);
      const q = db
        .selectFrom('events')
        .leftJoin('stream_configs', 'stream_configs.event_id', 'events.id')
        .select([
          'events.id',
          'events.is_premium',
          'events.content_type',
          'events.air_start_date',
          'events.published',
          'events.replay_days',
          'stream_configs.config',
        ]);
      return ('id' in k ? q.where('events.id', '=', k.id) : q.where('events.path', '=', k.path)).executeTakeFirst();
    },

    /** What protected media need of an event: its schedule, whether it is premium, its stored config. */
    async mediaFacts(eventId: number) {
      return db
        .selectFrom('events')
        .leftJoin('stream_configs', 'stream_configs.event_id', 'events.id')
        .select(['events.content_type', 'events.air_start_date', 'events.is_premium', 'stream_configs.config'])
        .where('events.id', '=', eventId)
        .executeTakeFirst();
    },
  };
}
export type StreamRepository = ReturnType<typeof createStreamRepository>;
