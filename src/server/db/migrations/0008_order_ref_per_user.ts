import { sql, type Kysely } from 'kysely';

/**
 * An order id (`order_ref`) is unique per user, not across users. A voucher purchase's id is chosen
 * by the client and doubles as its idempotency key: another user's id must read exactly like an
 * unused one, so nobody learns which ids exist. Ids the server draws stay unique in practice
 * ('ORD-' + milliseconds + four digits); only a copied id can repeat, and then only across users.
 */
/** @public called by Kysely's migrator through migrations/index.ts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_order_ref_key`.execute(db);
  await db.schema.createIndex('orders_user_ref_uq').unique().on('orders').columns(['user_id', 'order_ref']).execute();
}

/** @public called by Kysely's migrator through migrations/index.ts. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_user_ref_uq').execute();
  await sql`alter table orders add constraint orders_order_ref_key unique (order_ref)`.execute(db);
}
