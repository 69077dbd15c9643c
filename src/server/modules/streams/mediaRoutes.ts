import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { Forbidden, NotFound } from '../../platform/domainErrors';
import { MEDIA_MESSAGES, type MediaAnswer, type MediaAsk } from './protectedMedia';
import { parseSignedMediaPath, SIGNED_MEDIA_PREFIX, type MediaSigner, type SignedMediaPath } from './urlSigner';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** What answers a signed path: the demo's and organizers' files (streams/), or a live feed (live/). */
type MediaSource = { open(signed: SignedMediaPath, ask?: MediaAsk): Promise<MediaAnswer> };

/** The HLS delivery directive asking for a playlist delta update (`v2`: date ranges too; we have none). */
const askedToSkip = (query: unknown) => {
  const skip = (query as Record<string, unknown> | undefined)?._HLS_skip;
  return skip === 'YES' || skip === 'v2';
};

/**
 * GET and HEAD /media/signed/*: protected media, apart from the public static mount (web/media.ts,
 * which refuses these folders). The signature and expiry are checked here, as the edge checks them
 * (nginx secure_link, docs/deploy/nginx.conf); the module then checks the event, its folders and
 * the viewing session. `X-Accel-Expires` tells the edge how long one copy may serve every viewer;
 * nginx never passes it on. Same origin only: no CORS header. No rate limit: a nine-angle player
 * asks for several segments a second, and each answer is a signature check and a file.
 */
export const protectedMediaRoutes: FastifyPluginAsync<{
  signer: MediaSigner;
  streams: MediaSource;
  live: MediaSource;
  /** Told of every request on arrival, before any check (the edge's misses, as an operator counts them). */
  arrived?: () => void;
  now?: () => number;
}> = async (app, { signer, streams, live, arrived, now = Date.now }) => {
  app.get<{ Params: { '*': string } }>(
    `${SIGNED_MEDIA_PREFIX}*`,
    {
      config: { auth: 'none' },
      // Long on-demand playlists repeat themselves: they shrink twenty-fold when compressed.
      compress: { customTypes: /^application\/vnd\.apple\.mpegurl/ },
    },
    async (req, reply) => {
      arrived?.();
      const signed = parseSignedMediaPath(req.params['*']);
      if (!signed) throw new NotFound(MEDIA_MESSAGES.missing);
      if (!signer.verify(signed)) throw new Forbidden(MEDIA_MESSAGES.invalid);
      if (signed.grant.exp <= Math.floor(now() / 1000)) throw new Forbidden(MEDIA_MESSAGES.expired);
      const answer = await (signed.dir.startsWith('live/') ? live : streams).open(signed, {
        skip: askedToSkip(req.query),
      });
      void reply.header('cache-control', answer.cacheControl).header('x-accel-expires', answer.edgeSeconds);
      if (answer.kind === 'playlist') return reply.type(PLAYLIST_TYPE).send(answer.body);
      return reply.type('video/mp2t').header('content-length', answer.size).send(fs.createReadStream(answer.absPath));
    },
  );
};
