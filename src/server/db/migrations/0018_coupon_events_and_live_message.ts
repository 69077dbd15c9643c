import type { Kysely } from 'kysely';

/**
 * The console's coupons and live control room:
 * - `coupon_events`: the events a coupon made in the console applies to (several; the imported
 *   coupons' one `event_id` keeps working beside it). `coupons.events_listed` says the coupon is for
 *   listed events only: when its events are deleted it then applies to none, never to every event.
 * - `coupons.disabled_at`: a disabled coupon is refused at the cart as an expired one is.
 * - `coupons.created_at`: when the console made it (null for coupons from before, and imported ones).
 * - `live_shows.message`: the organizer's message for viewers ('technical difficulties'), and when it
 *   was set.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('coupons').addColumn('disabled_at', 'timestamptz').execute();
  await db.schema.alterTable('coupons').addColumn('created_at', 'timestamptz').execute();
  await db.schema
    .alterTable('coupons')
    .addColumn('events_listed', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('coupon_events')
    .addColumn('coupon_code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('coupon_events_pk', ['coupon_code', 'event_id'])
    .execute();
  await db.schema.createIndex('coupon_events_event_idx').on('coupon_events').column('event_id').execute();

  await db.schema.alterTable('live_shows').addColumn('message', 'text').execute();
  await db.schema.alterTable('live_shows').addColumn('message_at', 'timestamptz').execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('live_shows').dropColumn('message_at').execute();
  await db.schema.alterTable('live_shows').dropColumn('message').execute();
  await db.schema.dropTable('coupon_events').execute();
  for (const column of ['events_listed', 'created_at', 'disabled_at']) {
    await db.schema.alterTable('coupons').dropColumn(column).execute();
  }
}
