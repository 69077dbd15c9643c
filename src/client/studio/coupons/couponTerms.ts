import type { CouponStatus, StudioCoupon } from '../../../shared/contract/studioCoupons';
import { formatDollars, formatInstant } from '../components/studioFormat';
import { STUDIO_MESSAGES } from '../../lib/studioMessages';

/** How a coupon's terms read in the list and on its page. */
export const discountLabel = (c: Pick<StudioCoupon, 'kind' | 'percentOff' | 'amountOff'>): string =>
  c.kind === 'percent' ? `${c.percentOff ?? 0}% off` : `${formatDollars(c.amountOff ?? 0)} off`;

export const eventsLabel = (c: Pick<StudioCoupon, 'events'>): string =>
  c.events.length === 0 ? 'Every event' : c.events.map((e) => e.title).join(', ');

export const usesLabel = (c: Pick<StudioCoupon, 'uses' | 'maxRedemptions'>): string =>
  `${c.uses} / ${c.maxRedemptions ?? '∞'}`;

export const perBuyerLabel = (c: Pick<StudioCoupon, 'perUserLimit'>): string =>
  c.perUserLimit === null ? STUDIO_MESSAGES.noLimit : String(c.perUserLimit);

export const instantOr = (iso: string | null, none: string): string => (iso ? formatInstant(iso) : none);

export const STATUS_LABEL: Record<CouponStatus, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  'used up': 'Used up',
  disabled: 'Disabled',
};
