import path from 'node:path';
import { MEDIA_NAME } from './streamConfigFile';

export type MediaFile = { dir: string; file: string; kind: 'playlist' | 'segment'; absPath: string };

const FILE = /^([A-Za-z0-9_-]+)\.(m3u8|ts)$/;

/**
 * The file a request under /media/streams/ names (`<dir>/<file>`, already percent-decoded by the
 * router), or null. Only a playlist or a segment one folder deep: a '..', an extra '/', a '%' or
 * any other character never reaches the file system, and the resolved path is checked to stay
 * inside the streams folder all the same.
 */
export function resolveMediaFile(streamsRoot: string, wildcard: string): MediaFile | null {
  const parts = wildcard.split('/');
  if (parts.length !== 2) return null;
  const [dir, file] = parts as [string, string];
  const m = FILE.exec(file);
  if (!MEDIA_NAME.test(dir) || !m) return null;
  const root = path.resolve(streamsRoot);
  const absPath = path.resolve(root, dir, file);
  if (path.dirname(path.dirname(absPath)) !== root) return null;
  return { dir, file, kind: m[2] === 'm3u8' ? 'playlist' : 'segment', absPath };
}
