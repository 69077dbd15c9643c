/** When an event's streams are what: before a live event's air start, live HLS, or on demand. */
export type StreamMode = 'upcoming' | 'live' | 'vod';
export type EventSchedule = { contentType: string; airStart: Date | null };

/**
 * A 'Live' event is live from its air start for `liveMinutes`, then a replay (on demand). Every
 * other event, and a live one without an air start, is on demand.
 */
export function streamMode(event: EventSchedule, nowMs: number, liveMinutes: number): StreamMode {
  if (event.contentType !== 'Live' || !event.airStart) return 'vod';
  const start = event.airStart.getTime();
  if (nowMs < start) return 'upcoming';
  return nowMs < start + liveMinutes * 60_000 ? 'live' : 'vod';
}
