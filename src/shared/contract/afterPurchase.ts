import { z } from './zod';

/**
 * An event's settings for the fan's side after buying (docs/decisions.md "After the purchase"), set
 * in the console's event editor and kept on the event (migration 0020). Each has the product's
 * default, which a new event gets until the organizer changes it.
 */
export const AFTER_PURCHASE_DEFAULTS = {
  /** A fan may cancel (full refund) until this many hours before air. */
  cancelCutoffHours: 24,
  /** The replay stays this many days after the show ends; null: it stays. */
  replayDays: null as number | null,
  /** A waiting list's held seat is kept this many minutes for the fan it was offered to. */
  waitlistHoldMinutes: 30,
  /** Guaranteed view: no first frame within this many seconds of trying. */
  guaranteeStartupSeconds: 30,
  /** Guaranteed view: more than this share of the watching time stalled. */
  guaranteeStallPercent: 5,
  /** Guaranteed view: the replay is extended by this many days. */
  guaranteeExtensionDays: 7,
};

/** The bounds (the database's checks) and their sentences. */
export const AFTER_PURCHASE_MESSAGES = {
  cancelCutoffHours: 'The cancel cutoff is a whole number of hours from 0 to 8760 (a year).',
  replayDays: 'The replay window is a whole number of days from 1 to 3650, or empty for a replay that stays.',
  waitlistHoldMinutes: 'The waiting-list hold is a whole number of minutes from 5 to 1440 (a day).',
  guaranteeStartupSeconds: 'The startup limit is a whole number of seconds from 5 to 600.',
  guaranteeStallPercent: 'The stall share is a percent above 0 and at most 100, such as 5 or 2.5.',
  guaranteeExtensionDays: 'The replay extension is a whole number of days from 1 to 365.',
} as const;
export type AfterPurchaseKey = keyof typeof AFTER_PURCHASE_MESSAGES;

const whole = (key: AfterPurchaseKey, min: number, max: number) =>
  z
    .number()
    .int(AFTER_PURCHASE_MESSAGES[key])
    .min(min, AFTER_PURCHASE_MESSAGES[key])
    .max(max, AFTER_PURCHASE_MESSAGES[key]);

export const afterPurchaseSettings = z.strictObject({
  cancelCutoffHours: whole('cancelCutoffHours', 0, 8760),
  replayDays: whole('replayDays', 1, 3650).nullable(),
  waitlistHoldMinutes: whole('waitlistHoldMinutes', 5, 1440),
  guaranteeStartupSeconds: whole('guaranteeStartupSeconds', 5, 600),
  guaranteeStallPercent: z
    .number()
    .gt(0, AFTER_PURCHASE_MESSAGES.guaranteeStallPercent)
    .max(100, AFTER_PURCHASE_MESSAGES.guaranteeStallPercent),
  guaranteeExtensionDays: whole('guaranteeExtensionDays', 1, 365),
});
export type AfterPurchaseSettings = z.infer<typeof afterPurchaseSettings>;
