import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CouponRow, Redemptions } from './couponRules';

/** The events listed for the coupon in coupon_events (json: both drivers read it as an array). */
const listedEventIds = sql<number[]>`coalesce((select json_agg(ce.event_id order by ce.event_id)
  from coupon_events ce where ce.coupon_code = coupons.code), '[]'::json)`.as('listed_event_ids');

/** SQL of coupons and how often they were redeemed. */
export function createCouponRepository(db: Executor) {
  return {
    byCode(code: string): Promise<CouponRow | undefined> {
      return db
        .selectFrom('coupons')
        .selectAll('coupons')
        .select(listedEventIds)
        .where('code', '=', code)
        .executeTakeFirst();
    },
    /**
     * Locks the coupon's row until the transaction ends, so redemptions of one coupon are counted and
     * written one checkout at a time (the count read after the lock sees every committed redemption).
     */
    lockForRedemption(code: string): Promise<CouponRow | undefined> {
      if (!db.isTransaction) throw new Error('a locked read needs a transaction (use the unit of work)');
      return db
        .selectFrom('coupons')
        .selectAll('coupons')
        .select(listedEventIds)
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst();
    },
    async redeem(code: string, userId: number, orderId: number): Promise<void> {
      await db
        .insertInto('coupon_redemptions')
        .values({ coupon_code: code, user_id: userId, order_id: orderId })
        .execute();
    },
    async redemptions(code: string, userId: number | null): Promise<Redemptions> {
      const row = await db
        .selectFrom('coupon_redemptions')
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          eb.fn
            .count<string>('id')
            .filterWhere('user_id', '=', userId ?? -1)
            .as('by_user'),
        ])
        .where('coupon_code', '=', code)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), byUser: Number(row.by_user) };
    },
  };
}
