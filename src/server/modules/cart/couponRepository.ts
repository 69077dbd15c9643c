import type { Executor } from '../../db/executor';
import type { CouponRow, Redemptions } from './couponRules';

/** SQL of coupons and how often they were redeemed. */
export function createCouponRepository(db: Executor) {
  return {
    byCode(code: string): Promise<CouponRow | undefined> {
      return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
    },
    async redemptions(code: string, userId: number | null): Promise<Redemptions> {
      const row = await db.selectFrom('coupon_redemptions')
        .select((eb) => [
          eb.fn.countAll<string>().as('total'),
          eb.fn.count<string>('id').filterWhere('user_id', '=', userId ?? -1).as('by_user'),
        ])
        .where('coupon_code', '=', code)
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), byUser: Number(row.by_user) };
    },
  };
}
export type CouponRepository = ReturnType<typeof createCouponRepository>;
