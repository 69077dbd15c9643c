import { sql, type Kysely } from 'kysely';

/**
 * The play of a premium event's ticket in one round trip: take the ticket's turn (the same advisory
 * lock as `lockTicket`, so takeovers and opens still take turns), count its open sessions, and write
 * the new one only while that count is under the limit. Answers the open count with the new session,
 * or null when the limit is reached (nothing written).
 *
 * One call instead of five (begin, lock, count, insert, commit): at showtime thousands of opens come
 * in the same minute, and a connection held across five round trips is held through every stall of
 * the instance's event loop in between (bench:showtime saw the pool starve on `idle in transaction`).
 * Each statement of a VOLATILE function reads a fresh snapshot under READ COMMITTED, so the count,
 * taken after the lock is granted, sees every session the previous holder wrote.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function open_viewing_session(
      p_id uuid, p_event_id integer, p_user_id integer, p_viewer text, p_key_hash text,
      p_at timestamptz, p_fresh_after timestamptz, p_limit integer
    ) returns integer
    language plpgsql volatile
    as $$
    declare
      open_now integer;
    begin
      perform pg_advisory_xact_lock(hashtextextended('viewing-ticket:' || p_user_id || ':' || p_event_id, 0));
      select count(*) into open_now from viewing_sessions
        where user_id = p_user_id and event_id = p_event_id and closed_at is null and last_seen_at > p_fresh_after;
      if open_now >= p_limit then
        return null;
      end if;
      insert into viewing_sessions (id, event_id, user_id, viewer, key_hash, opened_at, last_seen_at)
        values (p_id, p_event_id, p_user_id, p_viewer, p_key_hash, p_at, p_at);
      return open_now + 1;
    end
    $$`.execute(db);
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const args = sql.raw('uuid, integer, integer, text, text, timestamptz, timestamptz, integer');
  await sql`drop function open_viewing_session(${args})`.execute(db);
}
