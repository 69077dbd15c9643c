import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PLAYBACK_QUALITY_BODY_LIMIT, playbackQualityBeacon } from '../../../shared/contract/playbackQuality';
import { viewingSessionParams } from '../../../shared/contract/streams';
import { RateLimited } from '../../platform/domainErrors';
import { tooManyRequests } from '../../platform/callerLimits';
import { withErrors } from '../../platform/schemas';
import { QUALITY_SESSION_UNKNOWN, type PlaybackQuality } from './playbackQualityService';

export type PlaybackQualityRouteOptions = {
  service: PlaybackQuality;
  /** Beacons a minute for one viewing session (a player sends about two). */
  perSessionPerMinute: number;
  /** Beacons a minute from one client address (IPv6 by /64), every session behind it together. */
  perAddressPerMinute: number;
};

const DESCRIPTION =
  "The player's quality report for its viewing session: with `totals`, the session's figures so far (startup, " +
  'stalls and their time, playing time, rung switches, fatal errors), numbered by `seq`; the newest number ' +
  'wins, so a beacon lost or overtaken loses nothing. Without `totals`, what is new since its last beacon, ' +
  "added once. Sent with `navigator.sendBeacon`, which sets no headers: the session's key goes in the body and no " +
  "token is read; the event is the session's own. 204 when recorded, and when a beacon with this `seq` or a later " +
  'one was already counted. An ' +
  `unknown session, another key, or a session over for more than a few minutes: 404 '${QUALITY_SESSION_UNKNOWN}' ` +
  `The body is at most ${PLAYBACK_QUALITY_BODY_LIMIT} bytes. Nothing in it names a person; the figures are kept ` +
  'for `QOE_RETENTION_DAYS` (30 by default).';

/**
 * Quality-of-experience beacons (docs/decisions.md "Watching"). Counted per address before the body is
 * read, and per session before the database is asked.
 */
export const playbackQualityRoutes: FastifyPluginAsyncZod<PlaybackQualityRouteOptions> = async (app, opts) => {
  const perSession = app.createRateLimit({
    max: opts.perSessionPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request) => `quality:${(request.params as { sessionId: string }).sessionId}`,
  });
  app.post(
    '/viewing-sessions/:sessionId/quality',
    {
      bodyLimit: PLAYBACK_QUALITY_BODY_LIMIT,
      config: { auth: 'none', rateLimit: { max: opts.perAddressPerMinute, timeWindow: '1 minute' } },
      preHandler: async (request, reply) => {
        const limit = await perSession(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        void reply.header('retry-after', String(limit.ttlInSeconds));
        throw new RateLimited(tooManyRequests(limit.ttlInSeconds));
      },
      schema: {
        summary: "Report a viewing session's playback quality",
        description: DESCRIPTION,
        tags: ['streams'],
        params: viewingSessionParams,
        body: playbackQualityBeacon,
        response: withErrors({ 204: z.null().meta({ description: 'Recorded (or already counted).' }) }, 404),
      },
    },
    async (req, reply) => {
      await opts.service.record(req.params.sessionId, req.body);
      return reply.header('cache-control', 'no-store').status(204).send(null);
    },
  );
};
