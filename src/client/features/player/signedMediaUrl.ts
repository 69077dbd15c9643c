/**
 * A signed media URL (server: modules/streams/urlSigner.ts) is a prefix that grants one folder,
 * then a file: `/media/signed/<sig>/<expires>/<grant>/<folder>/<file>`. Playlists name their files
 * by bare relative names, so everything a tile loads hangs under the prefix of the URL it started with.
 */
const SIGNED = /^(.*\/media\/signed\/[^/]+\/[^/]+\/[^/]+\/)((?:streams\/[^/]+|live\/[^/]+\/[^/]+)\/)([^/?#]+)$/;

/** The folder and file a URL names, whoever it was signed for and until when (null: not a signed media URL). */
function mediaKey(url: string): string | null {
  const m = SIGNED.exec(url);
  return m ? `${m[2]}${m[3]}` : null;
}

/** Two signed URLs of one playlist (only their grant differs). */
export const sameMedia = (a: string, b: string) => a === b || (mediaKey(a) !== null && mediaKey(a) === mediaKey(b));

/**
 * The URL a request should go to: a file under an older grant of the same folder moves under the
 * newest grant the tile holds (a renewed config), so a long show never meets an expired URL and the
 * player never reloads for it. Anything else goes where it was going.
 */
export function renewedMediaUrl(requestUrl: string, newestUrl: string): string {
  const request = SIGNED.exec(requestUrl);
  const newest = SIGNED.exec(newestUrl);
  if (!request || !newest || request[2] !== newest[2] || request[1] === newest[1]) return requestUrl;
  return `${newest[1]}${newest[2]}${request[3]}`;
}
