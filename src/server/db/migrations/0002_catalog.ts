import { sql, type Kysely } from 'kysely';

/**
 * The catalog: events (the spec's assets), categories with their blocks, the hero carousel,
 * subscriptions, agreements, footer links, coupons and newsletter sign-ups. Money is integer cents.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_label', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('venue_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('air_start_date', 'timestamptz')
    .addColumn('poster_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_premium', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rate_cents', 'integer', (c) => c.check(sql`rate_cents is null or rate_cents >= 0`))
    .addColumn('content_type', 'text', (c) => c.notNull().defaultTo('VOD'))
    .addColumn('asset_type', 'text', (c) => c.notNull().defaultTo('event'))
    .addColumn('subscription_id', 'integer', (c) => c.references('subscriptions.id').onDelete('set null'))
    .addColumn('capacity', 'integer', (c) => c.check(sql`capacity is null or capacity >= 0`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_air_start_idx').on('events').columns(['air_start_date', 'id']).execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('primary_navigation'))
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('categories_group_idx')
    .on('categories')
    .columns(['group_id', 'type', 'sort_order', 'id'])
    .execute();

  await db.schema
    .createTable('category_events')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_events_pk', ['category_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('category_events_order_idx')
    .on('category_events')
    .columns(['category_id', 'sort_order', 'event_id'])
    .execute();

  await db.schema
    .createTable('category_blocks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('category_block_events')
    .addColumn('block_id', 'integer', (c) => c.notNull().references('category_blocks.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('category_block_events_pk', ['block_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('carousel_items')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_path', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('video_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('image'))
    .addColumn('is_button_required', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_visible', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('agreements')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('footer_links')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
    .addColumn('percent_off', 'integer', (c) => c.check(sql`percent_off between 1 and 100`))
    .addColumn('amount_off_cents', 'integer', (c) => c.check(sql`amount_off_cents > 0`))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('max_redemptions', 'integer')
    .addColumn('per_user_limit', 'integer')
    .addColumn('event_id', 'integer', (c) => c.references('events.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('newsletter_signups')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'newsletter_signups',
    'coupons',
    'footer_links',
    'agreements',
    'carousel_items',
    'category_block_events',
    'category_blocks',
    'category_events',
    'categories',
    'events',
    'subscriptions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
