import { sql, type Kysely } from 'kysely';

/**
 * Checkouts (what a payment intent pays for, frozen when the intent is made), the sandbox
 * provider's intents, and the webhook events already handled. An order gets a cart id of its own
 * from the carts' sequence: the order page (docs/behaviour.md §2: the order page's id is a cart id) names one order,
 * while the user's live cart keeps its id.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('checkouts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('cart_id', 'integer', (c) => c.notNull())
    .addColumn('cart_version', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text', (c) => c.unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('coupon_code', 'text')
    // [{ eventId, priceCents, paidCents }]: the lines as priced when the intent was made.
    .addColumn('lines', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'ordered', 'refund_pending', 'refunded')`),
    )
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('refund_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('checkouts_reuse_idx')
    .on('checkouts')
    .columns(['cart_id', 'cart_version', 'provider', 'amount_cents'])
    .execute();
  await db.schema.createIndex('checkouts_open_idx').on('checkouts').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('sandbox_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('requires_payment_method'))
    .addColumn('metadata', 'jsonb', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text')
    .addColumn('last_error_code', 'text')
    .addColumn('refund_key', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // What the line cost before the coupon (price_cents is what was paid for it): the order page's subtotal.
  await db.schema
    .alterTable('order_items')
    .addColumn('list_price_cents', 'integer', (c) => c.check(sql`list_price_cents >= 0`))
    .execute();
  await db.schema.createIndex('orders_cart_idx').on('orders').column('cart_id').unique().execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_cart_idx').execute();
  await db.schema.alterTable('order_items').dropColumn('list_price_cents').execute();
  for (const table of ['payment_events', 'sandbox_intents', 'checkouts']) await db.schema.dropTable(table).execute();
}
