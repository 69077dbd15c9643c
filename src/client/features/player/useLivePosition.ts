import { useCallback, useEffect, useState } from 'react';
import type { TileRegistry } from './tileRegistry';

/** Where the main angle is in a live show (media seconds): the seekable start, the live edge, the playhead. */
export type LivePosition = { start: number; edge: number; position: number };

/** Further behind the edge than this (s), the viewer is told how far, and watches behind live. */
export const BEHIND_LIVE_S = 3;
const SAMPLE_MS = 500;

const tenths = (s: number) => Math.round(s * 10) / 10;

/** The main angle's position now, or null before its hls.js knows the live edge. */
function sample(registry: TileRegistry, main: number): LivePosition | null {
  const tile = registry.get(main);
  if (!tile?.hls) return null;
  const { video, hls } = tile;
  const seekable = video.seekable;
  const end = seekable?.length ? seekable.end(seekable.length - 1) : null;
  // hls.liveSyncPosition is where a viewer at the edge plays; the end of what can be seeked otherwise.
  const edge = hls.liveSyncPosition ?? end;
  if (edge === null || !Number.isFinite(edge)) return null;
  const start = seekable?.length ? seekable.start(0) : 0;
  return { start: tenths(Math.min(start, edge)), edge: tenths(edge), position: tenths(video.currentTime) };
}

const same = (a: LivePosition | null, b: LivePosition | null) =>
  a === b || (!!a && !!b && a.start === b.start && a.edge === b.edge && a.position === b.position);

/**
 * The main angle's place in the live show, read twice a second while `enabled` (the DVR controls);
 * `resample` reads it at once (after a seek).
 */
export function useLivePosition(registry: TileRegistry, main: number, enabled: boolean) {
  const [position, setPosition] = useState<LivePosition | null>(null);
  const resample = useCallback(() => {
    const next = enabled ? sample(registry, main) : null;
    setPosition((was) => (same(was, next) ? was : next));
  }, [registry, main, enabled]);
  useEffect(() => {
    if (!enabled) return undefined;
    const first = setTimeout(resample, 0);
    const timer = setInterval(resample, SAMPLE_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [resample, enabled]);
  return { position: enabled ? position : null, resample };
}
