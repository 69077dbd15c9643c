import { sql, type Kysely } from 'kysely';

/**
 * The fan's side after buying (docs/decisions.md "After the purchase"):
 * - events gain the organizer's settings for it, each with the product's default: the cancel cutoff
 *   (hours before air), the replay window (days after the show; null: the replay stays), the
 *   waiting list's hold, the guaranteed view's thresholds and its replay extension, and the
 *   iCalendar SEQUENCE, moved on by every change of the air date (a calendar's update).
 * - `refunds.reason`: who gave the money back ('organizer', the fan's own 'cancel', or the
 *   guaranteed view's 'guarantee'); one row per order either way, so every refund happens once.
 * - a ticket is an order's line: `order_items.transferred_at` ends the sender's access to it, and
 *   `ticket_transfers` (one per ticket, its primary key) says to whom it went. The receiver holds
 *   it through an order of their own (usage type 'Transfer', amount 0), made when their account
 *   exists: at once, or when they sign up.
 * - `waitlist_entries`: a fan waiting for a seat of a sold-out event, in order of joining. A held
 *   entry has a seat counted in `events.sold` until `held_until`; it is claimed by paying, or lapses
 *   and passes on.
 * - `play_refusals`: a ticket holder refused by our fault (a 5xx), kept for the guaranteed view.
 * - `guarantee_decisions`: the guaranteed view's decision for a ticket, once (its primary key), with
 *   its evidence, the replay it extended to, and the make-good the fan chose.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const events = (name: string, type: 'integer' | 'double precision', def: number | null, check: string) =>
    db.schema
      .alterTable('events')
      .addColumn(name, type, (c) => {
        const col = def === null ? c : c.notNull().defaultTo(def);
        return col.check(sql.raw(check));
      })
      .execute();
  await events('cancel_cutoff_hours', 'integer', 24, 'cancel_cutoff_hours between 0 and 8760');
  await events('replay_days', 'integer', null, 'replay_days between 1 and 3650');
  await events('waitlist_hold_minutes', 'integer', 30, 'waitlist_hold_minutes between 5 and 1440');
  await events('guarantee_startup_seconds', 'integer', 30, 'guarantee_startup_seconds between 5 and 600');
  await events(
    'guarantee_stall_percent',
    'double precision',
    5,
    'guarantee_stall_percent > 0 and guarantee_stall_percent <= 100',
  );
  await events('guarantee_extension_days', 'integer', 7, 'guarantee_extension_days between 1 and 365');
  await events('schedule_sequence', 'integer', 0, 'schedule_sequence >= 0');

  await db.schema
    .alterTable('refunds')
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo('organizer'))
    .execute();

  await db.schema.alterTable('order_items').addColumn('transferred_at', 'timestamptz').execute();
  await db.schema
    .createTable('ticket_transfers')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('from_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('to_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('to_order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addPrimaryKeyConstraint('ticket_transfers_pk', ['order_id', 'event_id'])
    .execute();
  // A sign-up claims what was sent to its address.
  await sql`
    create index ticket_transfers_unclaimed_idx on ticket_transfers (lower(to_email)) where claimed_at is null
  `.execute(db);

  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('waiting')
        .check(sql`state in ('waiting', 'held', 'claimed', 'lapsed', 'left')`),
    )
    .addColumn('joined_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('held_at', 'timestamptz')
    .addColumn('held_until', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addCheckConstraint('waitlist_held_check', sql`(state = 'held') = (held_until is not null and ended_at is null)`)
    .execute();
  // One place in line per fan and event while it counts.
  await sql`
    create unique index waitlist_entries_open_idx on waitlist_entries (event_id, user_id)
      where state in ('waiting', 'held')
  `.execute(db);
  await db.schema
    .createIndex('waitlist_entries_line_idx')
    .on('waitlist_entries')
    .columns(['event_id', 'state', 'id'])
    .execute();
  await sql`create index waitlist_entries_holds_idx on waitlist_entries (held_until) where state = 'held'`.execute(db);

  await db.schema
    .createTable('play_refusals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('play_refusals_ticket_idx')
    .on('play_refusals')
    .columns(['event_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('guarantee_decisions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('rule', 'text', (c) => c.notNull().check(sql`rule in ('no_first_frame', 'refused', 'stalled')`))
    .addColumn('evidence', 'jsonb', (c) => c.notNull())
    .addColumn('decided_at', 'timestamptz', (c) => c.notNull())
    .addColumn('replay_until', 'timestamptz')
    .addColumn('mailed_at', 'timestamptz')
    // The one-click link's token, hashed: the link itself is only in the fan's mail.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('remedy', 'text', (c) => c.check(sql`remedy in ('refund', 'credit')`))
    .addColumn('remedy_at', 'timestamptz')
    .addColumn('credit_code', 'text')
    .addPrimaryKeyConstraint('guarantee_decisions_pk', ['user_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('guarantee_decisions_event_idx')
    .on('guarantee_decisions')
    .columns(['event_id', 'decided_at'])
    .execute();

  await openViewingSession(db, 'and oi.transferred_at is null');
}

/**
 * Migration 0019's function, whose ticket check now leaves out a line handed on to someone else:
 * the sender's plays stop at once, as every other access check does.
 */
function openViewingSession(db: Kysely<unknown>, lineCheck: string) {
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
          where o.user_id = p_user_id and oi.event_id = p_event_id and o.status = 'Active' ${sql.raw(lineCheck)}
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
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await openViewingSession(db, '');
  for (const table of ['guarantee_decisions', 'play_refusals', 'waitlist_entries', 'ticket_transfers']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('order_items').dropColumn('transferred_at').execute();
  await db.schema.alterTable('refunds').dropColumn('reason').execute();
  for (const column of [
    'cancel_cutoff_hours',
    'replay_days',
    'waitlist_hold_minutes',
    'guarantee_startup_seconds',
    'guarantee_stall_percent',
    'guarantee_extension_days',
    'schedule_sequence',
  ]) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
}
