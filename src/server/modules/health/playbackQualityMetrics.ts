import { Gauge, type Registry } from 'prom-client';
import type { EventQuality } from '../streams/playbackQualityRepository';

/** "Recent": sessions that reported within this window (a player reports every 30 s while it plays). */
const QUALITY_WINDOW_MS = 15 * 60 * 1000;
/** Events published at most, the most watched first: the labels stay bounded whatever the catalog. */
const QUALITY_MAX_EVENTS = 100;

/**
 * The player's quality per event, from the beacons of the sessions that reported in the last 15
 * minutes (read from the database: the same on every instance, take the max): startup's 95th
 * percentile, the rebuffer ratio (time stalled ÷ time watched, stalls included), and how many sessions
 * the figures come from. Only events with recent reports have a series, so the label set stays small.
 */
export function registerPlaybackQualityMetrics(
  registers: Registry[],
  deps: { read: (since: Date, limit: number) => Promise<EventQuality[]>; now: () => number },
): void {
  // Each metric reads on its own: three small indexed reads a scrape, and never a stale figure.
  const figures = () => deps.read(new Date(deps.now() - QUALITY_WINDOW_MS), QUALITY_MAX_EVENTS);
  const perEvent = (name: string, help: string, value: (e: EventQuality) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['event_id'],
      registers,
      async collect() {
        const events = await figures();
        // Events without recent reports lose their series.
        this.reset();
        for (const event of events) {
          const v = value(event);
          if (v !== null) this.set({ event_id: String(event.eventId) }, v);
        }
      },
    });
  perEvent(
    'storefront_playback_startup_p95_seconds',
    "95th percentile of startup (play pressed to the main angle's first frame), sessions reporting in 15 min",
    (e) => (e.startupP95Ms === null ? null : e.startupP95Ms / 1000),
  );
  perEvent(
    'storefront_playback_rebuffer_ratio',
    'Time stalled / time watched (after the first frame, not paused), sessions reporting in 15 min',
    (e) => (e.watchMs > 0 ? e.stallMs / e.watchMs : null),
  );
  perEvent(
    'storefront_playback_sessions_reporting',
    'Viewing sessions whose player reported its quality in the last 15 min',
    (e) => e.sessions,
  );
}
