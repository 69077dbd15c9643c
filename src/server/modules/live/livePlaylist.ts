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

/** One rendition's segments over every part of the feed, dated on the encoder's clock (PartClock). */
export async function feedSegments(dir: string, height: number, parts: number): Promise<Segment[]> {
  const segments: Segment[] = [];
  for (let part = 1; part <= parts; part += 1) {
    const clockText = await readText(path.join(dir, clockFile(part)));
    const list = await readText(path.join(dir, listFile(height, part)));
    if (!clockText || !list) continue;
    const clock = JSON.parse(clockText) as PartClock;
    let first = true;
    for (const line of list.split('\n')) {
      const [uri, startText, endText] = line.split(',');
      if (!uri || !endText) continue;
      // The segment muxer lists its first segment as starting at 0: the part's clock knows its real start.
      const start = first ? clock.firstStart : Number(startText);
      const end = Number(endText);
      if (!(end > start)) {
        first = false;
        continue;
      }
      segments.push({
        uri,
        durationS: end - start,
        pdtMs: Math.round(clock.offsetMs + start * 1000),
        discontinuity: first && segments.length > 0,
      });
      first = false;
    }
  }
  return segments;
}

/**
 * A rendition's playlist: an EVENT playlist (the whole show stays seekable) from the first segment
 * that reaches the air start (organizers test their feeds earlier: that is not the show), every
 * segment dated with EXT-X-PROGRAM-DATE-TIME, a discontinuity where an encoder reconnected, and
 * EXT-X-ENDLIST once the show has ended: the same playlist is then the replay.
 */
export function renderLiveRendition(segments: Segment[], opts: { airStartMs: number | null; ended: boolean }): string {
  const shown = segments.filter((s) => opts.airStartMs === null || s.pdtMs + s.durationS * 1000 > opts.airStartMs);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(TARGET_SECONDS, ...shown.map((s) => Math.round(s.durationS)))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:EVENT',
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (const [i, s] of shown.entries()) {
    if (s.discontinuity && i > 0) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(s.pdtMs).toISOString()}`,
      `#EXTINF:${s.durationS.toFixed(3)},`,
      s.uri,
    );
  }
  if (opts.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
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
