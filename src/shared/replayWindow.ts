const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** What an event's replay window is worked out from (its row's columns). */
export type ReplayFacts = { content_type: string; air_start_date: Date | null; replay_days: number | null };
/** The real show as stored (live_shows), or null when none was ever started. */
export type StoredShow = { started_at: Date | null; ended_at: Date | null } | null;

/**
 * When a live event's replay stops playing (ms): `replay_days` after the show's end. Null while it
 * stays: no limit set, not a live event with an air date, or the show not over yet. One rule for
 * the player (streams/service.ts) and the sale (cart add, pricedCart): a ticket is not sold for a
 * replay that would not play (docs/decisions.md "After the purchase"). In shared/ and importing
 * nothing, so streams, cart and orders all use it without a cycle between them.
 */
export function replayEndMs(event: ReplayFacts, showEndMs: number | null): number | null {
  if (event.content_type !== 'Live' || event.replay_days === null || !event.air_start_date) return null;
  if (showEndMs === null) return null;
  return showEndMs + event.replay_days * DAY_MS;
}

/**
 * The show's end as the database knows it: a started show's `ended_at` (null while it is on), else
 * air start plus the live window (STREAM_LIVE_MINUTES), as the guaranteed view reads it too.
 */
function storedShowEndMs(event: ReplayFacts, show: StoredShow, liveMinutes: number): number | null {
  if (!event.air_start_date) return null;
  if (show?.started_at) return show.ended_at?.getTime() ?? null;
  return event.air_start_date.getTime() + liveMinutes * MINUTE_MS;
}

/** Whether the event's replay has ended at `atMs` by its stored show: no more tickets are sold then. */
export function replayOver(event: ReplayFacts, show: StoredShow, liveMinutes: number, atMs: number): boolean {
  const end = replayEndMs(event, storedShowEndMs(event, show, liveMinutes));
  return end !== null && atMs >= end;
}
