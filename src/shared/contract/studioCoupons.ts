import { z } from './zod';
import { envelope } from './responseEnvelope';
import { jsonId } from './ids';
import { STUDIO_MESSAGES } from './studio';

/**
 * The console's coupons (`/v1/studio/coupons`): create, list with their use counts, see one's uses
 * (the orders that used it), disable. Money is in dollars on the wire (cents inside). A coupon's
 * `eventIds` are the events it takes money off; empty: every event in the cart. A disabled coupon is
 * refused at the cart exactly as an expired one ('Invalid or expired coupon').
 */

/** The console's sentences about coupons (the server's refusals; the client may show them as they are). */
export const STUDIO_COUPON_MESSAGES = {
  // The code is quoted: it is what the organizer typed, shown back as theirs.
  codeTaken: (code: string) => `A coupon with the code "${code}" already exists. Choose another code.`,
  notFound: (code: string) => `No coupon with the code "${code}".`,
  expiryPast: 'The expiry must be in the future.',
  startsAfterExpiry: 'The start must be before the expiry.',
  unknownEvents: STUDIO_MESSAGES.unknownEvents,
  percentNeeded: 'A percent coupon needs its percent off (1 to 100).',
  amountNeeded: 'An amount coupon needs its amount off (more than $0).',
  percentAndAmount: 'A coupon takes either a percent or an amount off, not both.',
  codeShape: 'The code must be 3 to 32 letters, digits, - or _.',
  percentRange: 'The percent off must be a whole number from 1 to 100.',
  amountRange: 'The amount off must be more than $0, in dollars and cents.',
  created: 'Coupon created',
  disabled: 'Coupon disabled',
} as const;

const COUPON_STATUSES = ['active', 'scheduled', 'expired', 'used up', 'disabled'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/** The largest amount off, in dollars (a ticket costs far less; a typo of extra zeros is refused). */
export const COUPON_AMOUNT_MAX = 100_000;

// ── POST /v1/studio/coupons ────────────────────────────────────────────────────────────────────────
/**
 * A new coupon. `code` is stored in capitals (what buyers type is compared the same way). `kind`
 * 'percent' needs `percentOff` (whole 1–100), 'fixed' needs `amountOff` (dollars, > 0, cents at most).
 * `maxRedemptions` (total uses) and `perUserLimit` (uses per buyer): null for no limit. `expiresAt`
 * (ISO date-time, in the future) and `startsAt`: null for none. `eventIds`: the events it applies to,
 * empty for every event. Refusals: 400 with a sentence for a bad value (and an unknown event or an
 * expiry in the past), 409 when the code exists; either way nothing is written.
 */
export const couponCreateBody = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,32}$/, STUDIO_COUPON_MESSAGES.codeShape),
    kind: z.enum(['percent', 'fixed']),
    percentOff: z
      .number()
      .int(STUDIO_COUPON_MESSAGES.percentRange)
      .min(1, STUDIO_COUPON_MESSAGES.percentRange)
      .max(100, STUDIO_COUPON_MESSAGES.percentRange)
      .nullable()
      .optional(),
    amountOff: z
      .number()
      .gt(0, STUDIO_COUPON_MESSAGES.amountRange)
      .max(COUPON_AMOUNT_MAX, STUDIO_COUPON_MESSAGES.amountRange)
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, STUDIO_COUPON_MESSAGES.amountRange)
      .nullable()
      .optional(),
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable().default(null),
    perUserLimit: z.number().int().min(1).max(1000).nullable().default(null),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
    eventIds: z.array(jsonId).max(200).default([]),
  })
  .superRefine((c, ctx) => {
    const percent = c.percentOff !== undefined && c.percentOff !== null;
    const amount = c.amountOff !== undefined && c.amountOff !== null;
    if (c.kind === 'percent' && !percent)
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: STUDIO_COUPON_MESSAGES.percentNeeded });
    if (c.kind === 'fixed' && !amount)
      ctx.addIssue({ code: 'custom', path: ['amountOff'], message: STUDIO_COUPON_MESSAGES.amountNeeded });
    if ((c.kind === 'percent' && amount) || (c.kind === 'fixed' && percent))
      ctx.addIssue({ code: 'custom', path: ['kind'], message: STUDIO_COUPON_MESSAGES.percentAndAmount });
    if (c.startsAt && c.expiresAt && Date.parse(c.startsAt) >= Date.parse(c.expiresAt))
      ctx.addIssue({ code: 'custom', path: ['startsAt'], message: STUDIO_COUPON_MESSAGES.startsAfterExpiry });
  });
export type CouponCreateBody = z.input<typeof couponCreateBody>;
export type CouponCreate = z.output<typeof couponCreateBody>;

/** A coupon as the console shows it. */
const studioCoupon = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().nullable(),
  /** Dollars. */
  amountOff: z.number().nullable(),
  maxRedemptions: z.number().int().nullable(),
  perUserLimit: z.number().int().nullable(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The events it applies to (an imported coupon's one event included); empty: every event. */
  events: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** Orders that used it. */
  uses: z.number().int(),
  disabledAt: z.string().nullable(),
  /** Now: 'disabled' first, then 'expired', 'used up', 'scheduled' (not started), else 'active'. */
  status: z.enum(COUPON_STATUSES),
});
export type StudioCoupon = z.infer<typeof studioCoupon>;
export const studioCouponResponse = envelope(studioCoupon);

// ── GET /v1/studio/coupons ─────────────────────────────────────────────────────────────────────────
/** Every coupon, newest code first by creation (imported ones after, by code). */
const studioCouponListData = z.object({ coupons: z.array(studioCoupon) });
export type StudioCouponList = z.infer<typeof studioCouponListData>;
export const studioCouponListResponse = envelope(studioCouponListData);

// ── GET /v1/studio/coupons/:code ───────────────────────────────────────────────────────────────────
/** A code in the address: letters, digits, - and _ (every code has that shape; '.' or '..' would be read as a path). */
export const studioCouponParams = z.strictObject({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, STUDIO_COUPON_MESSAGES.codeShape),
});

/** One use: the order that redeemed it (newest first). */
const couponUse = z.object({
  /** The order's own id, which the console's order page takes (an order id may be shared: studioSales.ts). */
  id: z.number().int().positive(),
  /** The order's reference (as the buyer and the sales pages show it). */
  orderId: z.string(),
  email: z.string(),
  /** When it was redeemed. */
  at: z.string(),
  /** What the order paid, dollars. */
  amount: z.number(),
  /** The order's status ('paid', 'refunded', …). */
  status: z.string(),
});
export type CouponUse = z.infer<typeof couponUse>;
const studioCouponDetailData = studioCoupon.extend({ orders: z.array(couponUse) });
export type StudioCouponDetail = z.infer<typeof studioCouponDetailData>;
export const studioCouponDetailResponse = envelope(studioCouponDetailData);

// ── POST /v1/studio/coupons/:code/disable ──────────────────────────────────────────────────────────
/** No body. Answers the coupon, disabled; disabling a disabled coupon changes nothing (same answer). */
