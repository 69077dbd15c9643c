import type { AfterPurchaseSettings } from '../../../shared/contract/afterPurchase';
import type { AdminEventRow } from './eventAdminRepository';

/** The event's columns for its after-the-purchase settings (migration 0020). */
export type AfterPurchaseColumns = Pick<
  AdminEventRow,
  | 'cancel_cutoff_hours'
  | 'replay_days'
  | 'waitlist_hold_minutes'
  | 'guarantee_startup_seconds'
  | 'guarantee_stall_percent'
  | 'guarantee_extension_days'
>;

export const afterPurchaseColumns = (s: AfterPurchaseSettings): AfterPurchaseColumns => ({
  cancel_cutoff_hours: s.cancelCutoffHours,
  replay_days: s.replayDays,
  waitlist_hold_minutes: s.waitlistHoldMinutes,
  guarantee_startup_seconds: s.guaranteeStartupSeconds,
  guarantee_stall_percent: s.guaranteeStallPercent,
  guarantee_extension_days: s.guaranteeExtensionDays,
});

export const afterPurchaseOf = (row: AfterPurchaseColumns): AfterPurchaseSettings => ({
  cancelCutoffHours: row.cancel_cutoff_hours,
  replayDays: row.replay_days,
  waitlistHoldMinutes: row.waitlist_hold_minutes,
  guaranteeStartupSeconds: row.guarantee_startup_seconds,
  guaranteeStallPercent: Number(row.guarantee_stall_percent),
  guaranteeExtensionDays: row.guarantee_extension_days,
});
