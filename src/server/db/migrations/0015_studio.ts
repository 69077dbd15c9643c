import { sql, type Kysely } from 'kysely';

/**
 * The organizer's console (docs/decisions.md "Organizers"):
 * - `organizers`: the accounts the operator granted the role (`npm run organizer:grant -- EMAIL`).
 *   Checked on every console call, so a revoke takes effect on the next one.
 * - `audit_log`: every organizer action, who and when, the subject and its state before and after.
 *   The actor's e-mail is copied in, so the record stays readable if the account goes.
 * - events gain `published` (a draft is invisible to shoppers; every imported event is published),
 *   the venue's time zone (the organizer types the air time in it; it is stored in UTC), and
 *   `created_at`.
 * - `refunds`: one row per refunded order, claimed before the provider is asked, so a double click
 *   or two organizers at once refund once; `status` says whether the provider has done it yet.
 * - `uploaded_images`: posters and slides uploaded in the console, each size as its own row. In the
 *   database, not on one instance's disk, so every instance serves them.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizers')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('granted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').columns(['at', 'id']).execute();
  await db.schema
    .createIndex('audit_log_subject_idx')
    .on('audit_log')
    .columns(['subject_type', 'subject_id'])
    .execute();

  await db.schema
    .alterTable('events')
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('venue_time_zone', 'text', (c) => c.notNull().defaultTo('America/New_York'))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('orders').addColumn('refunded_at', 'timestamptz').execute();
  await db.schema
    .createTable('refunds')
    .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('uploaded_images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploaded_images').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
  for (const column of ['created_at', 'venue_time_zone', 'published']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('organizers').execute();
}
