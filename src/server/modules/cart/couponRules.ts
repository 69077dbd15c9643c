import type { Selectable } from 'kysely';
import type { CouponsTable } from '../../db/schema';
import type { CouponTerms } from './pricing';

/** A coupon's row with the events listed for it in coupon_events (migration 0018), in id order. */
export type CouponRow = Selectable<CouponsTable> & { listed_event_ids: number[] };
export type Redemptions = { total: number; byUser: number };

/**
 * The events a coupon takes money off; null for every event. An imported coupon names one event
 * (`event_id`); one made in the console lists several (coupon_events). A coupon for listed events
 * whose events were all deleted applies to none (never to every event).
 */
export function couponEventIds(coupon: CouponRow): number[] | null {
  if (coupon.event_id === null && !coupon.events_listed && coupon.listed_event_ids.length === 0) return null;
  const ids = new Set(coupon.listed_event_ids);
  if (coupon.event_id !== null) ids.add(coupon.event_id);
  return [...ids].sort((a, b) => a - b);
}

/** Disabled in the console: from `disabled_at` on, refused as an expired coupon is. */
export const couponDisabled = (c: Pick<CouponRow, 'disabled_at'>, now: Date): boolean =>
  c.disabled_at !== null && now >= new Date(c.disabled_at);
/** Before its first day (`starts_at`). */
export const couponNotStarted = (c: Pick<CouponRow, 'starts_at'>, now: Date): boolean =>
  c.starts_at !== null && now < new Date(c.starts_at);
/** Past its last moment (`ends_at`). */
export const couponEnded = (c: Pick<CouponRow, 'ends_at'>, now: Date): boolean =>
  c.ends_at !== null && now >= new Date(c.ends_at);
/** Every redemption it allows in all (`max_redemptions`) is used. */
export const couponUsedUp = (c: Pick<CouponRow, 'max_redemptions'>, total: number): boolean =>
  c.max_redemptions !== null && total >= c.max_redemptions;
/** This user has used it as often as it allows one user (`per_user_limit`). */
export const couponUsedUpByUser = (c: Pick<CouponRow, 'per_user_limit'>, byUser: number): boolean =>
  c.per_user_limit !== null && byUser >= c.per_user_limit;

/**
 * Whether a coupon can be used on this cart now: not disabled, within its dates, under its total and
 * per-user redemption limits, and (for a coupon of some events) with one of them in the cart. A guest
 * has no redemptions of its own yet; the per-user limit is checked again once the user is known
 * (merge, checkout). Every refusal reads the same to the visitor: 'Invalid or expired coupon' (a
 * disabled coupon exactly as an expired one).
 */
export function couponUsable(
  coupon: CouponRow,
  context: { now: Date; eventIds: number[]; redemptions: Redemptions; isUser: boolean },
): boolean {
  const { now, eventIds, redemptions, isUser } = context;
  if (couponDisabled(coupon, now) || couponNotStarted(coupon, now) || couponEnded(coupon, now)) return false;
  if (couponUsedUp(coupon, redemptions.total)) return false;
  if (isUser && couponUsedUpByUser(coupon, redemptions.byUser)) return false;
  const scope = couponEventIds(coupon);
  if (scope !== null && !eventIds.some((id) => scope.includes(id))) return false;
  return true;
}

export const couponTerms = (c: CouponRow): CouponTerms => ({
  kind: c.kind,
  percentOff: c.percent_off,
  amountOffCents: c.amount_off_cents,
  eventIds: couponEventIds(c),
});

/** Codes are stored in capitals; what a visitor types is compared the same way. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();
