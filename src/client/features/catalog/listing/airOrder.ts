import type { AssetSummary } from '../../../../shared/contract/catalog';

/** An event's air start in ms, or NaN when it has none (or not a date). */
const airsAt = (event: AssetSummary) => (event.airStartDate ? Date.parse(event.airStartDate) : NaN);

/**
 * /events in the order a visitor plans by: the shows still to come, soonest first, then
 * the shows that have aired, which play on demand, the latest first. An event without an air date is
 * on demand, last. `now` is the moment the listing was read, so the server's HTML and the page that
 * hydrates from it sort alike.
 */
export function byAiring(events: AssetSummary[], now: number): { upcoming: AssetSummary[]; onDemand: AssetSummary[] } {
  const upcoming = events.filter((e) => airsAt(e) > now).sort((a, b) => airsAt(a) - airsAt(b));
  const onDemand = events
    .filter((e) => !(airsAt(e) > now))
    .sort((a, b) => (airsAt(b) || -Infinity) - (airsAt(a) || -Infinity));
  return { upcoming, onDemand };
}
