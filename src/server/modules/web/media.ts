import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const DAY = 86_400;

/**
 * Whether a path under /media is public: anything but the streams and live folders and the signed
 * prefix, which only the streams and live modules serve, signed. The path is decoded until it stops
 * changing (the static server decodes it twice) and normalised first, so no spelling (`%73treams`,
 * `//streams`, `./streams`, `x/../streams`) reaches it; a path that cannot be decoded is refused.
 */
export function isPublicMediaPath(pathName: string): boolean {
  let decoded = pathName;
  for (let i = 0; i < 5; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (decoded.includes('%')) return false;
  const first =
    path.posix
      .normalize(`/${decoded.replaceAll('\\', '/')}`)
      .split('/')
      .find(Boolean) ?? '';
  return !['streams', 'live', 'signed'].includes(first.toLowerCase());
}

/**
 * /media/*: public HLS playlists and segments (hero loop, explainer), posters and slides; never
 * /media/streams (see modules/streams). Segments and images never change under
 * a name, so they are cached for a day; playlists for a minute. A missing file is a JSON 404.
 */
export const mediaPlugin = fp<{ mediaDir: string }>(async (app, { mediaDir }) => {
  if (!fs.existsSync(mediaDir)) {
    app.log.warn({ mediaDir }, 'media folder not found: /media answers 404');
    return;
  }
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => isPublicMediaPath(pathName),
    setHeaders(reply, filePath) {
      const maxAge = filePath.endsWith('.m3u8') ? 60 : DAY;
      reply.header('cache-control', `public, max-age=${maxAge}`);
      reply.header('access-control-allow-origin', '*');
      if (filePath.endsWith('.m3u8')) reply.header('content-type', 'application/vnd.apple.mpegurl');
      if (filePath.endsWith('.ts')) reply.header('content-type', 'video/mp2t');
    },
  });
});
