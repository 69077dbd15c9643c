/**
 * The columns of events (db/schema.ts) that hold the event's settings for the fan's side after buying
 * (migration 0020), read by those modules only.
 */
export type AfterPurchaseColumn =
  | 'cancel_cutoff_hours'
  | 'replay_days'
  | 'waitlist_hold_minutes'
  | 'guarantee_startup_seconds'
  | 'guarantee_stall_percent'
  | 'guarantee_extension_days'
  | 'schedule_sequence';
