import { sql, type Kysely } from 'kysely';

/**
 * A refund and a play of the same ticket take turns:
 * - `open_viewing_session` (migration 0014) checks, under the ticket's advisory lock, that the user
 *   still holds an Active order for the event, and answers 0 (nothing written) when not. The refund
 *   takes the same lock before it closes the order's sessions and holds it until it commits, so a
 *   play whose ticket check passed just before the refund either wrote its session before the lock
 *   was granted (the refund closes it) or reads the refunded order after it (and writes nothing).
 *   Each statement of this VOLATILE function reads a fresh snapshot, so the check sees the refund
 *   the moment its transaction has committed.
 * - `refunds.attempted_at`: when the current attempt at the provider started (the claim, or the
 *   last retry). The reconciliation job takes an attempt only once it has been quiet for a while
 *   since then; measured from the claim, it took a retry still under way.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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
          where o.user_id = p_user_id and oi.event_id = p_event_id and o.status = 'Active'
      ) then
        return 0;
      end if;
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

  await db.schema.alterTable('refunds').addColumn('attempted_at', 'timestamptz').execute();
  await sql`update refunds set attempted_at = created_at`.execute(db);
  await sql`alter table refunds alter column attempted_at set not null`.execute(db);
  await sql`alter table refunds alter column attempted_at set default now()`.execute(db);
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('refunds').dropColumn('attempted_at').execute();
  // Migration 0014's function as it was.
  await sql`
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
