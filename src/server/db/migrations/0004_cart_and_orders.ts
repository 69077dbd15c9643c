import { sql, type Kysely } from 'kysely';

/**
 * Carts (one per user, or one per guest under a random token), their lines, coupon redemptions, and the
 * orders that own events. Money is integer cents. `events.sold` counts tickets taken against
 * `capacity`, changed only by a conditional update (see docs/decisions.md "Cart, coupons, seats").
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('events')
    .addColumn('sold', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sold >= 0`),
    )
    .execute();

  await db.schema
    .createTable('carts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    .addColumn('guest_id', 'text', (c) => c.unique()) // the guest token's subject
    .addColumn('token', 'text', (c) => c.unique())
    .addColumn('coupon_code', 'text', (c) => c.references('coupons.code').onDelete('set null'))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A cart is a user's, or a guest's with its token: never both, never neither.
    .addCheckConstraint(
      'carts_owner_check',
      sql`(user_id is null) <> (guest_id is null) and (guest_id is null) = (token is null)`,
    )
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('cart_id', 'integer', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('added_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cart_items_pk', ['cart_id', 'event_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('order_ref', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('cart_id', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .addColumn('usage_type', 'text', (c) => c.notNull().defaultTo('Paid'))
    .addColumn('payment_method', 'text', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text', (c) => c.unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('coupon_code', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id').onDelete('restrict'))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'event_id'])
    .execute();
  await db.schema.createIndex('order_items_event_idx').on('order_items').column('event_id').execute();

  await db.schema
    .createTable('coupon_redemptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('coupon_code', 'text', (c) => c.notNull().references('coupons.code').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('redeemed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('coupon_redemptions_code_idx')
    .on('coupon_redemptions')
    .columns(['coupon_code', 'user_id'])
    .execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['coupon_redemptions', 'order_items', 'orders', 'cart_items', 'carts']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('events').dropColumn('sold').execute();
}
