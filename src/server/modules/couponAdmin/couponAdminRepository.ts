import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import type { CouponRow } from '../cart/couponRules';

/** A coupon with its events and how often it was redeemed. */
export type CouponWithUses = CouponRow & { uses: number };

/** The events listed for a coupon (coupon_events), as a json array both drivers read the same. */
const listedEventIds = sql<number[]>`coalesce((select json_agg(ce.event_id order by ce.event_id)
  from coupon_events ce where ce.coupon_code = coupons.code), '[]'::json)`.as('listed_event_ids');
const uses = sql<string>`(select count(*) from coupon_redemptions r where r.coupon_code = coupons.code)`.as('uses');

/** SQL of the console's coupons: what they are, their events, their uses. */
export function createCouponAdminRepository(db: Executor) {
  const withUses = () => db.selectFrom('coupons').selectAll('coupons').select([listedEventIds, uses]);
  const toCoupon = <T extends { uses: string }>(r: T) => ({ ...r, uses: Number(r.uses) });
  return {
    /** Every coupon: the console's newest first, then imported ones by code. */
    async list(): Promise<CouponWithUses[]> {
      const rows = await withUses()
        .orderBy(sql`created_at desc nulls last`)
        .orderBy('code')
        .execute();
      return rows.map(toCoupon);
    },

    async byCode(code: string): Promise<CouponWithUses | undefined> {
      const row = await withUses().where('code', '=', code).executeTakeFirst();
      return row && toCoupon(row);
    },

    /** The coupon's row, locked until the transaction ends (a disable and a checkout take turns). */
    async lock(code: string): Promise<{ code: string; disabled_at: Date | null } | undefined> {
      if (!db.isTransaction) throw new Error('a locked read needs a transaction (use the unit of work)');
      return db
        .selectFrom('coupons')
        .select(['code', 'disabled_at'])
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Inserts the coupon unless its code is taken: false when it is (nothing written). */
    async insert(row: Insertable<DB['coupons']>, eventIds: number[]): Promise<boolean> {
      const made = await db
        .insertInto('coupons')
        .values(row)
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!made) return false;
      if (eventIds.length)
        await db
          .insertInto('coupon_events')
          .values(eventIds.map((event_id) => ({ coupon_code: row.code, event_id })))
          .execute();
      return true;
    },

    async disable(code: string, at: Date): Promise<void> {
      await db.updateTable('coupons').set({ disabled_at: at }).where('code', '=', code).execute();
    },

    /** Which of these ids are events, with their titles. */
    async events(ids: number[]): Promise<{ id: number; title: string }[]> {
      if (!ids.length) return [];
      return db.selectFrom('events').select(['id', 'title']).where('id', 'in', ids).orderBy('id').execute();
    },

    /**
     * Which of these ids are events, each held (FOR KEY SHARE) until the transaction ends: an event
     * cannot be deleted meanwhile, and edits of it do not wait.
     */
    async holdEvents(ids: number[]): Promise<{ id: number }[]> {
      if (!ids.length) return [];
      if (!db.isTransaction) throw new Error('a locked read needs a transaction (use the unit of work)');
      return db.selectFrom('events').select('id').where('id', 'in', ids).orderBy('id').forKeyShare().execute();
    },

    /** The orders that redeemed the coupon, newest first (a redemption without an order is not listed). */
    async orders(code: string) {
      return db
        .selectFrom('coupon_redemptions as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .innerJoin('users as u', 'u.id', 'o.user_id')
        .select(['o.id', 'o.order_ref', 'u.email', 'r.redeemed_at', 'o.amount_cents', 'o.status'])
        .where('r.coupon_code', '=', code)
        .orderBy('r.redeemed_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(1000)
        .execute();
    },
  };
}
