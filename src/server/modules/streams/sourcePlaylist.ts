import fs from 'node:fs/promises';
import { isVariantPlaylist, parseVariantPlaylist, type VariantPlaylist } from './variantPlaylist';

type SourceSegment = { uri: string; durationMs: number };
/** A source VOD playlist: its segments, their start offsets in one pass, the pass's length. */
export type SourcePlaylist = { segments: SourceSegment[]; startsMs: number[]; totalMs: number; targetSeconds: number };

const SEGMENT_URI = /^[A-Za-z0-9_-]+\.ts$/;

/**
 * Reads the EXTINF durations and URIs of a VOD playlist. Only plain segment names beside the
 * playlist are accepted: a rendered playlist signs URIs relative to its own folder.
 */
export function parseSourcePlaylist(text: string, where: string): SourcePlaylist {
  const segments: SourceSegment[] = [];
  let duration: number | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
      if (!(duration > 0)) throw new Error(`${where}: bad EXTINF "${line}"`);
    } else if (line && !line.startsWith('#')) {
      if (duration === null) throw new Error(`${where}: "${line}" has no EXTINF`);
      if (!SEGMENT_URI.test(line))
        throw new Error(`${where}: segment "${line}" is not a file name beside the playlist`);
      segments.push({ uri: line, durationMs: Math.round(duration * 1000) });
      duration = null;
    }
  }
  if (!segments.length) throw new Error(`${where}: no segments`);
  const startsMs: number[] = [];
  let totalMs = 0;
  for (const s of segments) {
    startsMs.push(totalMs);
    totalMs += s.durationMs;
  }
  const targetSeconds = Math.ceil(Math.max(...segments.map((s) => s.durationMs)) / 1000);
  return { segments, startsMs, totalMs, targetSeconds };
}

/**
 * Source playlists (a rendition's segments, or an angle's multi-variant playlist), each read and
 * parsed once (the demo's are committed files that do not change while the server runs). A missing
 * file is looked for again next time.
 */
export function createSourcePlaylists() {
  const cache = new Map<string, SourcePlaylist | VariantPlaylist>();
  return {
    async load(absPath: string): Promise<SourcePlaylist | VariantPlaylist | null> {
      const cached = cache.get(absPath);
      if (cached) return cached;
      let text: string;
      try {
        text = await fs.readFile(absPath, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const parsed = isVariantPlaylist(text) ? parseVariantPlaylist(text, absPath) : parseSourcePlaylist(text, absPath);
      cache.set(absPath, parsed);
      return parsed;
    },
  };
}
