import { createContext, use, useEffect, useState } from 'react';
import { PlaybackQuality, withBatch, type QualityBatch } from './playbackQuality';
import type { SessionHandle } from './playerApi';
import { sendQualityBeacon } from './qualityBeacon';
import type { TileRegistry } from './tileRegistry';

/** How often a playing player reports, when it has something new. */
const QUALITY_BATCH_MS = 30_000;

/** The player's quality measure, from its session (PlayerSession) to its main tile (PlayerView). */
export const PlaybackQualityContext = createContext<PlaybackQuality | null>(null);

/**
 * The player's quality measure, started when the player asks for its viewing session (that is when
 * "play" was pressed), and its beacons: every 30 s when something is new, and on leave (pagehide, the
 * page hidden, the player unmounted). Each beacon goes to the session that was open while its figures
 * were measured, numbered from 1 per session, with the session's totals so far: a beacon lost or
 * overtaken on the way loses nothing (on leave two go out milliseconds apart, and either may arrive
 * first). Without a session nothing is sent: nothing would tie the figures to an event, and nothing
 * would prove who sent them.
 */
export function usePlaybackQualityReport(session: SessionHandle | null): PlaybackQuality {
  const [quality] = useState(() => new PlaybackQuality());
  useEffect(() => {
    if (!session) return undefined;
    let seq = 0;
    let totals: QualityBatch | null = null;
    const flush = () => {
      const batch = quality.take();
      if (!batch) return;
      seq += 1;
      totals = withBatch(totals, batch);
      sendQualityBeacon(session.sessionId, { sessionKey: session.sessionKey, seq, totals: true, ...totals });
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const timer = setInterval(flush, QUALITY_BATCH_MS);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [quality, session]);
  return quality;
}

/**
 * Points the quality measure at the main angle's tile, and again whenever the main angle changes or
 * its tile gets its hls.js instance (the registry says so).
 */
export function useMainTileQuality(registry: TileRegistry, main: number): void {
  const quality = use(PlaybackQualityContext);
  useEffect(() => {
    if (!quality) return undefined;
    let followed: { video: HTMLVideoElement; hls: unknown; stop: () => void } | null = null;
    const follow = () => {
      const tile = registry.get(main);
      if (followed && tile && followed.video === tile.video && followed.hls === tile.hls) return;
      followed?.stop();
      followed = tile ? { video: tile.video, hls: tile.hls, stop: quality.follow(tile.video, tile.hls) } : null;
    };
    follow();
    const unsubscribe = registry.subscribe(follow);
    return () => {
      unsubscribe();
      followed?.stop();
    };
  }, [quality, registry, main]);
}
