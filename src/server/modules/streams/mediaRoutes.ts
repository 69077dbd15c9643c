import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { MediaAnswer } from './protectedMedia';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** What answers a protected media request: the demo's and organizers' files, or a live feed. */
type MediaSource = { open(wildcard: string, query: unknown): Promise<MediaAnswer> };

/**
 * GET and HEAD `root`/* (/media/streams, /media/live): protected media, apart from the public static
 * mount (web/media.ts, which refuses these folders). Same origin only: no CORS header. No rate limit:
 * a nine-angle player asks for several segments a second, and each answer is a signature check and a file.
 */
export const protectedMediaRoutes: FastifyPluginAsync<{ media: MediaSource; root: string }> = async (
  app,
  { media, root },
) => {
  app.get<{ Params: { '*': string } }>(
    `${root}/*`,
    {
      config: { auth: 'none' },
      // Long on-demand playlists repeat themselves: they shrink twenty-fold when compressed.
      compress: { customTypes: /^application\/vnd\.apple\.mpegurl/ },
    },
    async (req, reply) => {
      const answer = await media.open(req.params['*'], req.query);
      void reply.header('cache-control', answer.cacheControl);
      if (answer.kind === 'playlist') return reply.type(PLAYLIST_TYPE).send(answer.body);
      return reply.type('video/mp2t').header('content-length', answer.size).send(fs.createReadStream(answer.absPath));
    },
  );
};
