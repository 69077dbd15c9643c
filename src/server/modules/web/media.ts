import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const DAY = 86_400;

/**
 * /media/*: HLS playlists and segments, posters and slides. Segments and images never change under
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
    setHeaders(res, filePath) {
      const maxAge = filePath.endsWith('.m3u8') ? 60 : DAY;
      res.setHeader('cache-control', `public, max-age=${maxAge}`);
      res.setHeader('access-control-allow-origin', '*');
      if (filePath.endsWith('.m3u8')) res.setHeader('content-type', 'application/vnd.apple.mpegurl');
      if (filePath.endsWith('.ts')) res.setHeader('content-type', 'video/mp2t');
    },
  });
});
