import fs from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIO_KBPS,
  clockFile,
  ladderFile,
  ladderFor,
  listFile,
  RUNGS,
  type PackagedRung,
  type PartClock,
} from './liveFiles';
import { createSegmentLists, type ListedSegment, type SegmentLists } from './segmentLists';

type Segment = { uri: string; durationS: number; pdtMs: number; discontinuity: boolean };

/** The target duration every live playlist declares: segments are 1 s (the encoder's keyframe interval), at most 2. */
const TARGET_SECONDS = 2;

async function readText(file: string): Promise<string | null> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

type DatedPart = { clockText: string; dated: number; segments: Segment[]; fromFirstRow: boolean };

/**
 * A part's segments dated on its clock, per list as read: segmentLists.ts keeps one array of rows per
 * list while it grows, so a poll dates only the rows new since the poll before. Weak: a list let go
 * (or read anew, another array) takes its dates with it.
 */
const datedParts = new WeakMap<readonly ListedSegment[], DatedPart>();

function datedPart(rows: readonly ListedSegment[], clockText: string): DatedPart {
  let part = datedParts.get(rows);
  if (!part || part.clockText !== clockText) {
    part = { clockText, dated: 0, segments: [], fromFirstRow: false };
    datedParts.set(rows, part);
  }
  const clock = JSON.parse(clockText) as PartClock;
  for (; part.dated < rows.length; part.dated += 1) {
    const row = rows[part.dated]!;
    // The segment muxer lists its first segment as starting at 0: the part's clock knows its real start.
    const start = part.dated === 0 ? clock.firstStart : row.start;
    if (!(row.end > start)) continue;
    if (part.dated === 0) part.fromFirstRow = true;
    part.segments.push({
      uri: row.uri,
      durationS: row.end - start,
      pdtMs: Math.round(clock.offsetMs + start * 1000),
      discontinuity: false,
    });
  }
  return part;
}

/**
 * One rendition's segments over every part of the feed, dated on the encoder's clock (PartClock), a
 * discontinuity where a part after the first begins. `lists` reads each part's list from where its
 * last read stopped (segmentLists.ts): the server's own, kept across polls; by default a fresh one,
 * which reads every list whole. The answer may be the dates' own array: read it, never change it.
 */
export async function feedSegments(
  dir: string,
  height: number,
  parts: number,
  lists: SegmentLists = createSegmentLists(),
): Promise<readonly Segment[]> {
  let segments: readonly Segment[] = [];
  for (let n = 1; n <= parts; n += 1) {
    const clockText = await readText(path.join(dir, clockFile(n)));
    const rows = clockText ? await lists.read(path.join(dir, listFile(height, n))) : null;
    if (!clockText || !rows) continue;
    const part = datedPart(rows, clockText);
    if (!part.segments.length) continue;
    if (!segments.length) {
      segments = part.segments;
      continue;
    }
    const [first, ...rest] = part.segments;
    segments = [...segments, part.fromFirstRow ? { ...first!, discontinuity: true } : first!, ...rest];
  }
  return segments;
}

/**
 * How far back from a live playlist's end a player may ask to have it cut (`_HLS_skip=YES`): the HLS
 * specification's floor, six target durations. A player polling every second then gets the last
 * dozen seconds and one EXT-X-SKIP line, not the whole show: the same answer at four hours as at four
 * minutes.
 */
const SKIP_TARGETS = 6;

/**
 * A rendition's playlist: an EVENT playlist (the whole show stays seekable) from the first segment
 * that reaches the air start (organizers test their feeds earlier: that is not the show), every
 * segment dated with EXT-X-PROGRAM-DATE-TIME, a discontinuity where an encoder reconnected, and
 * EXT-X-ENDLIST once the show has ended: the same playlist is then the replay. While the show is on
 * it offers delta updates (EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL), and `skip` (the player asked with
 * `_HLS_skip`) replaces the segments before the skip boundary with EXT-X-SKIP: a player that has the
 * earlier playlist keeps its segments, and one that has not asks again without it (hls.js does).
 */
export function renderLiveRendition(
  segments: readonly Segment[],
  opts: { airStartMs: number | null; ended: boolean; skip?: boolean },
): string {
  // Segments come in capture order: those ending before the air start lead. No copy of the show's
  // segments is made, so a poll of a long show costs its loops, not its allocations.
  let from = 0;
  const airStartMs = opts.airStartMs;
  if (airStartMs !== null)
    while (from < segments.length && segments[from]!.pdtMs + segments[from]!.durationS * 1000 <= airStartMs) from += 1;
  let target = TARGET_SECONDS;
  for (let i = from; i < segments.length; i += 1) target = Math.max(target, Math.round(segments[i]!.durationS));
  const canSkipUntil = SKIP_TARGETS * target;
  const skipped = opts.skip && !opts.ended ? skippedBefore(segments, from, canSkipUntil) : 0;
  const lines = [
    '#EXTM3U',
    // EXT-X-SKIP needs version 9.
    `#EXT-X-VERSION:${skipped > 0 ? 9 : 3}`,
    `#EXT-X-TARGETDURATION:${target}`,
    ...(opts.ended ? [] : [`#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=${canSkipUntil}.0`]),
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...(skipped > 0 ? [`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped}`] : []),
  ];
  for (let i = from + skipped; i < segments.length; i += 1) {
    const s = segments[i]!;
    if (s.discontinuity && i > from) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(s.pdtMs).toISOString()}`,
      `#EXTINF:${s.durationS.toFixed(3)},`,
      s.uri,
    );
  }
  if (opts.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

/** How many segments, from `from`, end at least `canSkipUntil` seconds before the playlist's end. */
function skippedBefore(segments: readonly Segment[], from: number, canSkipUntil: number): number {
  let fromEnd = 0;
  for (let i = segments.length - 1; i >= from; i -= 1) {
    if (fromEnd >= canSkipUntil) return i + 1 - from;
    fromEnd += segments[i]!.durationS;
  }
  return 0;
}

/** The ladder the feed's newest part packages (liveFiles.ts ladderFor), or the whole ladder before one starts. */
export async function feedLadder(dir: string, parts: number): Promise<PackagedRung[]> {
  const text = parts > 0 ? await readText(path.join(dir, ladderFile(parts))) : null;
  return text ? (JSON.parse(text) as PackagedRung[]) : ladderFor(null);
}

/**
 * A feed's multi-variant playlist: the rungs its newest part packages, smallest first, with the size
 * they are really encoded at (hls.js picks by it), each a bare name under the request's signed prefix.
 */
export function renderLiveMaster(ladder: PackagedRung[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rung of [...ladder].sort((a, b) => a.name - b.name)) {
    const nominal = RUNGS.find((r) => r.height === rung.name)!;
    const size = `${rung.width ?? nominal.width}x${rung.height ?? nominal.height}`;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${(nominal.videoKbps + AUDIO_KBPS) * 1000},RESOLUTION=${size},` +
        'CODECS="avc1.64001f,mp4a.40.2"',
      `v${rung.name}.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}
