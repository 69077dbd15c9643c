import type { SourcePlaylist } from './sourcePlaylist';

/** Segments in a live playlist's sliding window. */
const LIVE_WINDOW_SEGMENTS = 6;
/** The program date-time of an on-demand program without an air start: one fixed moment, so angles still align. */
export const VOD_FALLBACK_EPOCH_MS = Date.UTC(2020, 0, 1);

/**
 * The source loops forever: segment number `seq` of the program is source segment seq mod N of
 * pass floor(seq / N), and starts that far into the program. Each pass after the first begins
 * with a discontinuity (the timestamps of the files start over).
 */
function segmentLines(source: SourcePlaylist, seq: number, originMs: number, firstInPlaylist: boolean): string[] {
  const n = source.segments.length;
  const pass = Math.floor(seq / n);
  const segment = source.segments[seq % n]!;
  const offsetMs = pass * source.totalMs + source.startsMs[seq % n]!;
  const lines: string[] = [];
  // A discontinuity on the first segment of a playlist says nothing: its discontinuity sequence does.
  if (seq % n === 0 && seq > 0 && !firstInPlaylist) lines.push('#EXT-X-DISCONTINUITY');
  lines.push(
    `#EXT-X-PROGRAM-DATE-TIME:${new Date(originMs + offsetMs).toISOString()}`,
    `#EXTINF:${(segment.durationMs / 1000).toFixed(3)},`,
    segment.uri,
  );
  return lines;
}

const header = (source: SourcePlaylist) => [
  '#EXTM3U',
  '#EXT-X-VERSION:3',
  `#EXT-X-TARGETDURATION:${source.targetSeconds}`,
];

/**
 * On demand: the source looped to at least `minMinutes` (0: one pass, as the files are), dated
 * from `originMs` on every segment so a player can align angles on program date-time.
 */
export function renderVod(source: SourcePlaylist, opts: { originMs: number; minMinutes: number }): string {
  const passes = opts.minMinutes > 0 ? Math.max(1, Math.ceil((opts.minMinutes * 60_000) / source.totalMs)) : 1;
  const lines = [...header(source), '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let seq = 0; seq < passes * source.segments.length; seq += 1)
    lines.push(...segmentLines(source, seq, opts.originMs, seq === 0));
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/**
 * The simulated live fallback, for a 'Live' event without stream keys (no real feed: the demo, or a
 * machine without the ingest's engines; real feeds are modules/live): the program started at
 * `airStartMs`; the newest segment is the one airing at `nowMs`, and
 * the playlist lists it with the ones before it (a sliding window, no end). Every angle computes
 * the same numbers from the same clock, so their program date-times match.
 */
export function renderLive(source: SourcePlaylist, opts: { airStartMs: number; nowMs: number }): string {
  const elapsed = Math.max(0, opts.nowMs - opts.airStartMs);
  const pass = Math.floor(elapsed / source.totalMs);
  const into = elapsed - pass * source.totalMs;
  const index = source.startsMs.findLastIndex((start) => start <= into);
  const newest = pass * source.segments.length + index;
  const first = Math.max(0, newest - LIVE_WINDOW_SEGMENTS + 1);
  const lines = [
    ...header(source),
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / source.segments.length)}`,
  ];
  for (let seq = first; seq <= newest; seq += 1)
    lines.push(...segmentLines(source, seq, opts.airStartMs, seq === first));
  return `${lines.join('\n')}\n`;
}
