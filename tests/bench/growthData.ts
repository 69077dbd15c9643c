import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

/*
 * Data for bench:growth, written straight into PostgreSQL with set-based statements (a million orders
 * through the API would take hours). Rows look like the ones the server writes: orders with their
 * items, events in categories with a sort order, users who signed up.
 */

/** `perUser` paid orders of demo events for each of these users, an hour apart, newest first. */
export async function addOwnOrders(db: Kysely<DB>, userIds: number[], perUser: number): Promise<void> {
  await sql`
    with premium as (select array_agg(id order by id) as ids, count(*)::int as n from events where is_premium),
    made as (
      insert into orders (order_ref, user_id, payment_method, amount_cents, created_at)
      select 'ORD-B' || u.id || '-' || g, u.id, 'stripe', 1999, now() - make_interval(hours => g)
      from unnest(${userIds}::int[]) as u(id), generate_series(1, ${perUser}) as g
      returning id
    )
    insert into order_items (order_id, event_id, price_cents)
    select made.id, premium.ids[1 + made.id % premium.n], 1999 from made, premium
  `.execute(db);
}

/**
 * `events` more events (two in three premium, one in fifty with 100 seats) listed in the demo's
 * categories after its own, `users` more users and `orders` more orders spread evenly over them,
 * each with one item (one in ten for the same hit show).
 */
export async function growCatalogAndOrders(db: Kysely<DB>, size: { events: number; users: number; orders: number }) {
  // Numbered after any growth rows already there, so the database can grow in steps.
  const from = Number(
    (await sql<{ n: string }>`select count(*) as n from events where path like 'growth-%'`.execute(db)).rows[0]!.n,
  );
  await sql`
    insert into events (path, title, label, description, event_label, venue_description, air_start_date, poster_path,
                        is_premium, rate_cents, content_type, asset_type, subscription_id, capacity)
    select 'growth-' || g, 'Growth Concert ' || g, t.label, t.description, t.event_label, t.venue_description,
           now() - make_interval(hours => g), t.poster_path, g % 3 <> 0, case when g % 3 <> 0 then 1999 end,
           t.content_type, t.asset_type, case when g % 3 <> 0 then t.subscription_id end, case when g % 50 = 0 then 100 end
    from generate_series(${from + 1}::int, ${from + size.events}::int) as g,
         (select * from events where is_premium order by id limit 1) as t
  `.execute(db);
  // Premium growth events join "on-demand", free ones "free-to-watch", all of them "the-experience".
  await sql`
    insert into category_events (category_id, event_id, sort_order)
    select c.id, e.id, coalesce((select max(sort_order) from category_events where category_id = c.id), 0)
                       + row_number() over (partition by c.id order by e.id)
    from events e join categories c
      on (c.path = 'on-demand' and e.is_premium) or (c.path = 'free-to-watch' and not e.is_premium) or c.path = 'the-experience'
    where e.path like 'growth-%' and substr(e.path, 8)::int > ${from}::int
  `.execute(db);
  await sql`
    insert into users (email, first_name, last_name, verified)
    select 'growth-' || g || '-' || ${from} || '@example.com', 'Growth', 'User ' || g, true from generate_series(1, ${size.users}::int) as g
  `.execute(db);
  if (size.orders > 0)
    await sql`
    with people as (select array_agg(id order by id) as ids, count(*)::int as n from users where email like 'growth-%'),
    made as (
      insert into orders (order_ref, user_id, payment_method, amount_cents, created_at)
      select 'ORD-G' || ${from} || '-' || g, people.ids[1 + g % people.n], 'stripe', 1999, now() - make_interval(secs => g)
      from generate_series(1, ${size.orders}::int) as g, people
      returning id
    ),
    premium as (select array_agg(id order by id) as ids, count(*)::int as n from events where is_premium and path like 'growth-%')
    -- One order in ten is for the same hit show, as sales of a popular concert are.
    insert into order_items (order_id, event_id, price_cents)
    select made.id, premium.ids[case when made.id % 10 = 0 then 1 else 1 + made.id % premium.n end], 1999 from made, premium
  `.execute(db);
  await sql`update settings set value = (value::bigint + 1)::text where key = 'catalog_version'`.execute(db);
  await settle(db);
  return { events: size.events, users: size.users, orders: size.orders };
}

/**
 * The tables as a shop that grew over months would have them: vacuumed, analyzed, their writes
 * checkpointed. Without this, autovacuum and the checkpoint of a million fresh rows land in the
 * middle of a measurement. Done at both sizes, so both are measured alike.
 */
export async function settle(db: Kysely<DB>): Promise<void> {
  await sql`vacuum analyze events, category_events, users, orders, order_items`.execute(db);
  await sql`checkpoint`.execute(db);
}
