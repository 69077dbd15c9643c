/** A multi-variant (master) playlist: its lines as they are, each variant a playlist beside it. */
export type VariantPlaylist = { kind: 'variants'; lines: string[] };

export const isVariantPlaylist = (text: string) => /^#EXT-X-STREAM-INF:/m.test(text);

const VARIANT_URI = /^[A-Za-z0-9_-]+\.m3u8$/;

/**
 * Reads a multi-variant playlist whose every variant is a playlist file beside it. Tags that name
 * their own URI (alternate audio, I-frame playlists) are refused rather than passed on unsigned: a
 * rendered playlist must sign every URI it holds, and the demo ladder has none of them.
 */
export function parseVariantPlaylist(text: string, where: string): VariantPlaylist {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  let variants = 0;
  let expectUri = false;
  for (const line of lines) {
    if (line.startsWith('#')) {
      if (/URI=/.test(line)) throw new Error(`${where}: "${line}" names a URI of its own, which is not supported`);
      if (line.startsWith('#EXT-X-STREAM-INF:')) expectUri = true;
      continue;
    }
    if (!expectUri) throw new Error(`${where}: "${line}" follows no #EXT-X-STREAM-INF`);
    if (!VARIANT_URI.test(line)) throw new Error(`${where}: variant "${line}" is not a playlist beside it`);
    expectUri = false;
    variants += 1;
  }
  if (!variants || expectUri) throw new Error(`${where}: a variant has no playlist`);
  return { kind: 'variants', lines };
}

/**
 * The playlist as read, every variant a bare name beside it: it resolves under the request's signed
 * prefix (one signature covers the folder), so each rendition's playlist, and the segments it lists,
 * answer to the same rules as the master.
 */
export function renderVariants(source: VariantPlaylist): string {
  return `${source.lines.join('\n')}\n`;
}
