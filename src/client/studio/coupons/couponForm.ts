import {
  COUPON_AMOUNT_MAX,
  STUDIO_COUPON_MESSAGES as M,
  type CouponCreateBody,
  type StudioCoupon,
} from '../../../shared/contract/studioCoupons';

type EventChoice = StudioCoupon['events'][number];

/** The form as typed: numbers stay text until sent, so nothing typed is lost to a parse. */
export type CouponFormValues = {
  code: string;
  kind: 'percent' | 'fixed';
  percentOff: string;
  amountOff: string;
  maxRedemptions: string;
  perUserLimit: string;
  startsAt: Date | null;
  expiresAt: Date | null;
  /** Empty: every event. */
  events: EventChoice[];
};
export type CouponFormErrors = Partial<Record<Exclude<keyof CouponFormValues, 'events' | 'kind'>, string>>;

export const emptyCouponForm = (): CouponFormValues => ({
  code: '',
  kind: 'percent',
  percentOff: '',
  amountOff: '',
  maxRedemptions: '',
  perUserLimit: '',
  startsAt: null,
  expiresAt: null,
  events: [],
});

const WHOLE = /^\d+$/;
const DOLLARS = /^\d+(\.\d{1,2})?$/;
const TOTAL_USES = 'Total uses must be a whole number from 1 to 1,000,000, or empty for no limit.';
const PER_BUYER = 'Uses per buyer must be a whole number from 1 to 1,000, or empty for no limit.';
const WHOLE_DATE = 'Enter a whole date and time, or leave it empty.';

function limit(text: string, max: number, message: string, errors: CouponFormErrors, key: keyof CouponFormErrors) {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  if (!WHOLE.test(t) || n < 1 || n > max) errors[key] = message;
  return n;
}
function instant(date: Date | null, errors: CouponFormErrors, key: keyof CouponFormErrors) {
  if (date === null) return null;
  if (Number.isNaN(date.getTime())) {
    errors[key] = WHOLE_DATE;
    return null;
  }
  return date.toISOString();
}

/**
 * The body POST /v1/studio/coupons takes, or the fields to fix first (the contract's own sentences
 * where it has them). The server checks everything again, and alone knows whether the code exists.
 */
export function toCouponBody(v: CouponFormValues): { body: CouponCreateBody } | { errors: CouponFormErrors } {
  const errors: CouponFormErrors = {};
  const code = v.code.trim();
  if (!/^[A-Za-z0-9_-]{3,32}$/.test(code)) errors.code = M.codeShape;
  let percentOff: number | null = null;
  let amountOff: number | null = null;
  if (v.kind === 'percent') {
    const t = v.percentOff.trim();
    percentOff = Number(t);
    if (t === '') errors.percentOff = M.percentNeeded;
    else if (!WHOLE.test(t) || percentOff < 1 || percentOff > 100) errors.percentOff = M.percentRange;
  } else {
    const t = v.amountOff.trim().replace(/^\$/, '');
    amountOff = Number(t);
    if (t === '') errors.amountOff = M.amountNeeded;
    else if (!DOLLARS.test(t) || amountOff <= 0 || amountOff > COUPON_AMOUNT_MAX) errors.amountOff = M.amountRange;
  }
  const maxRedemptions = limit(v.maxRedemptions, 1_000_000, TOTAL_USES, errors, 'maxRedemptions');
  const perUserLimit = limit(v.perUserLimit, 1000, PER_BUYER, errors, 'perUserLimit');
  const startsAt = instant(v.startsAt, errors, 'startsAt');
  const expiresAt = instant(v.expiresAt, errors, 'expiresAt');
  if (startsAt && expiresAt && Date.parse(startsAt) >= Date.parse(expiresAt)) errors.startsAt = M.startsAfterExpiry;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    body: {
      code,
      kind: v.kind,
      ...(v.kind === 'percent' ? { percentOff } : { amountOff }),
      maxRedemptions,
      perUserLimit,
      startsAt,
      expiresAt,
      eventIds: v.events.map((e) => e.id),
    },
  };
}
