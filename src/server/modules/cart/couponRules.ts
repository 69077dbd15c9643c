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
  if (coupon.disabled_at && now >= new Date(coupon.disabled_at)) return false;
  if (coupon.starts_at && now < new Date(coupon.starts_at)) return false;
  if (coupon.ends_at && now >= new Date(coupon.ends_at)) return false;
  if (coupon.max_redemptions !== null && redemptions.total >= coupon.max_redemptions) return false;
  if (isUser && coupon.per_user_limit !== null && redemptions.byUser >= coupon.per_user_limit) return false;
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
