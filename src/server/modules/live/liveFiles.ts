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
