import { sql, type Kysely } from 'kysely';

/**
 * Two guards of the fan's changes after buying (docs/decisions.md "After the purchase"):
 * - `order_items.first_played_at`: when the holder of this line first opened a viewing session of
 *   it. Durable, unlike `viewing_sessions`, whose rows are swept a day after they go quiet: an
 *   on-demand ticket (or a live one without an air date) may be cancelled or handed on only while
 *   never played, so "played" must outlive the sweep. Set by `open_viewing_session` (below), by a
 *   takeover and by an outage session written down (streams/viewingSessionRepository.ts
 *   markFirstPlay), each in the transaction that writes the session, under the ticket's lock; never
 *   cleared. Backfilled from the sessions still there (the earliest opened after the order was made).
 * - one waiting transfer per event and address (`ticket_transfers_waiting_idx`): two buyers handing
 *   tickets of one event to the same address without an account would make two orders for it at
 *   sign-up. Transfers that already collide are handed back to their senders (all but the oldest).
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('first_played_at', 'timestamptz').execute();
  await sql`
    update order_items oi set first_played_at = (
      select min(vs.opened_at) from viewing_sessions vs
        where vs.user_id = o.user_id and vs.event_id = oi.event_id and vs.opened_at >= o.created_at
    )
    from orders o
    where o.id = oi.order_id
  `.execute(db);
  await openViewingSession(db, true);

  const later = sql`
    select order_id, event_id from (
      select order_id, event_id,
        row_number() over (partition by event_id, lower(to_email) order by created_at, order_id) as n
      from ticket_transfers where claimed_at is null
    ) t where n > 1
  `;
  await sql`
    update order_items oi set transferred_at = null from (${later}) d
      where oi.order_id = d.order_id and oi.event_id = d.event_id
  `.execute(db);
  await sql`
    delete from ticket_transfers tt using (${later}) d where tt.order_id = d.order_id and tt.event_id = d.event_id
  `.execute(db);
  await sql`
    create unique index ticket_transfers_waiting_idx on ticket_transfers (event_id, lower(to_email))
      where claimed_at is null
  `.execute(db);
}

/**
 * Migration 0020's function, which now also records the line's first play when it writes a session
 * (`first_played_at`, set once): the caller's Active line of the event they still hold.
 */
function openViewingSession(db: Kysely<unknown>, recordFirstPlay: boolean) {
  const firstPlay = recordFirstPlay
    ? sql.raw(`
      update order_items oi set first_played_at = p_at from orders o
        where o.id = oi.order_id and o.user_id = p_user_id and oi.event_id = p_event_id and o.status = 'Active'
          and oi.transferred_at is null and oi.first_played_at is null;`)
    : sql.raw('');
  return sql`
    create or replace function open_viewing_session(
      p_id uuid, p_event_id integer, p_user_id integer, p_viewer text, p_key_hash text,
      p_at timestamptz, p_fresh_after timestamptz, p_limit integer
    ) returns integer
    language plpgsql volatile
    as $$
    declare
      open_now integer;
    begin
      perform pg_advisory_xact_lock(hashtextextended('viewing-ticket:' || p_user_id || ':' || p_event_id, 0));
      if not exists (
        select 1 from orders o join order_items oi on oi.order_id = o.id
          where o.user_id = p_user_id and oi.event_id = p_event_id and o.status = 'Active' and oi.transferred_at is null
      ) then
        return 0;
      end if;
      select count(*) into open_now from viewing_sessions
        where user_id = p_user_id and event_id = p_event_id and closed_at is null and last_seen_at > p_fresh_after;
      if open_now >= p_limit then
        return null;
      end if;
      insert into viewing_sessions (id, event_id, user_id, viewer, key_hash, opened_at, last_seen_at)
        values (p_id, p_event_id, p_user_id, p_viewer, p_key_hash, p_at, p_at);${firstPlay}
      return open_now + 1;
    end
    $$`.execute(db);
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ticket_transfers_waiting_idx`.execute(db);
  await openViewingSession(db, false);
  await db.schema.alterTable('order_items').dropColumn('first_played_at').execute();
}
