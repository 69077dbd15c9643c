import type { Selectable } from 'kysely';
import type { CouponsTable } from '../../db/schema';
import type { CouponTerms } from './pricing';

export type CouponRow = Selectable<CouponsTable>;
export type Redemptions = { total: number; byUser: number };

/**
 * Whether a coupon can be used on this cart now: within its dates, under its total and per-user
 * redemption limits, and (for a one-event coupon) with that event in the cart. A guest has no
 * redemptions of its own yet; the per-user limit is checked again once the user is known (merge,
 * checkout). Every refusal reads the same to the visitor: 'Invalid or expired coupon'.
 */
export function couponUsable(
  coupon: CouponRow,
  context: { now: Date; eventIds: number[]; redemptions: Redemptions; isUser: boolean },
): boolean {
  const { now, eventIds, redemptions, isUser } = context;
  if (coupon.starts_at && now < new Date(coupon.starts_at)) return false;
  if (coupon.ends_at && now >= new Date(coupon.ends_at)) return false;
  if (coupon.max_redemptions !== null && redemptions.total >= coupon.max_redemptions) return false;
  if (isUser && coupon.per_user_limit !== null && redemptions.byUser >= coupon.per_user_limit) return false;
  if (coupon.event_id !== null && !eventIds.includes(coupon.event_id)) return false;
  return true;
}

export const couponTerms = (c: CouponRow): CouponTerms => ({
  kind: c.kind,
  percentOff: c.percent_off,
  amountOffCents: c.amount_off_cents,
  eventId: c.event_id,
});

/** Codes are stored in capitals; what a visitor types is compared the same way. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
