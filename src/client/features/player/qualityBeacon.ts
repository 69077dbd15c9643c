import { resolveUrl } from '../../api/apiHost';
import { playbackQualityPath, type PlaybackQualityBeacon } from '../../../shared/contract/playbackQuality';

/**
 * Sends one quality beacon, fire and forget: `navigator.sendBeacon` (it outlives the page, which is
 * when the last one goes), else `fetch` with `keepalive` where there is no sendBeacon or it refuses
 * (its queue full). sendBeacon sets no headers, so the session's key is in the body; no token goes
 * with it. A beacon that is lost is lost: the figures are a measure, not a record anyone owes.
 */
export function sendQualityBeacon(sessionId: string, beacon: PlaybackQualityBeacon): void {
  const url = resolveUrl(playbackQualityPath(sessionId));
  const body = JSON.stringify(beacon);
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, new Blob([body], { type: JSON_TYPE })))
      return;
  } catch {
    // Some browsers throw for a beacon they will not send: fetch below.
  }
  void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': JSON_TYPE } }).catch(
    () => undefined,
  );
}

const JSON_TYPE = 'application/json';
