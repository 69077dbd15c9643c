import path from 'node:path';

/**
 * Where the ingest writes a feed and what it writes there (one folder per feed):
 * `e{event}/a{angle}/v{height}_p{part}.csv` — the segment list ffmpeg's segment muxer keeps for one
 * rendition of one publish (a "part"; an encoder that reconnects starts the next part), one line per
 * finished segment: `file,start,end` in the encoder's timestamps (seconds); `v{height}_p{part}_{n}.ts`
 * — the segments; `p{part}.json` — the part's clock (PartClock), written once its first segment exists.
 */
export const feedDir = (liveDir: string, eventId: number, angle: number) =>
  path.join(liveDir, `e${eventId}`, `a${angle}`);

/** The ladder: today's three rungs (the demo's), each no taller than the encoder's picture. */
export const RUNGS = [
  { height: 480, width: 854, videoKbps: 900 },
  { height: 270, width: 480, videoKbps: 400 },
  { height: 144, width: 256, videoKbps: 150 },
] as const;
export const AUDIO_KBPS = 96;

/**
 * A rung as one part packages it: named by its ladder height (`v{name}` in file names), at the size
 * it is really encoded (never taller than the encoder's picture). `height: null`: the encoder's size
 * was not known, and the rung is scaled to at most its name.
 */
export type PackagedRung = { name: number; width: number | null; height: number | null };

/**
 * The rungs a feed of `source` size gets: every ladder rung not taller than it, and when it is
 * smaller than the top rung, the next rung up at the source's own size (a 180p feed: 180p named 270,
 * and 144p), so no rung is an upscaled copy of another. Unknown size: the whole ladder, capped.
 */
export function ladderFor(source: { width: number; height: number } | null): PackagedRung[] {
  if (!source) return RUNGS.map((r) => ({ name: r.height, width: null, height: null }));
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  const widthAt = (h: number) => even((h * source.width) / source.height);
  const fitting = RUNGS.filter((r) => r.height <= source.height).map((r) => ({
    name: r.height,
    width: widthAt(r.height),
    height: r.height,
  }));
  const above = [...RUNGS].reverse().find((r) => r.height > source.height);
  const own =
    above && source.height > (fitting[0]?.height ?? 0)
      ? [{ name: above.height, width: even(source.width), height: even(source.height) }]
      : [];
  return [...own, ...fitting];
}

/** The ladder of a part, written when its packager starts (the master playlist lists it). */
export const ladderFile = (part: number) => `p${part}.ladder.json`;

export const listFile = (height: number, part: number) => `v${height}_p${part}.csv`;
export const segmentPattern = (height: number, part: number) => `v${height}_p${part}_%05d.ts`;
export const clockFile = (part: number) => `p${part}.json`;

/**
 * How a part's encoder timestamps map to the wall clock: `epochMs = offsetMs + t * 1000`.
 * 'encoder': the encoder stamps its capture clock (the timestamps are that clock modulo what its
 * container can hold), so every angle aligns on the moment it was captured. 'arrival': the encoder
 * counts from its own start (OBS): the first frame is dated when its publish arrived.
 */
export type PartClock = { offsetMs: number; firstStart: number; clock: 'encoder' | 'arrival' };

/** A media file's name under /media/live/e{event}/a{angle}/: the master, a rendition, or a segment. */
const LIVE_FILE = /^(?:index\.m3u8|v(\d{3})\.m3u8|v(\d{3})_p(\d{1,4})_(\d{5})\.ts)$/;

export type LiveFile =
  { kind: 'master' } | { kind: 'rendition'; height: number } | { kind: 'segment'; height: number; file: string };

export function parseLiveFile(file: string): LiveFile | null {
  const m = LIVE_FILE.exec(file);
  if (!m) return null;
  const height = Number(m[1] ?? m[2]);
  if (file === 'index.m3u8') return { kind: 'master' };
  if (!RUNGS.some((r) => r.height === height)) return null;
  return m[1] ? { kind: 'rendition', height } : { kind: 'segment', height, file };
}
