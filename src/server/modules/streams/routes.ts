import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOrPathParam } from '../../../shared/contract/ids';
import { STREAM_MESSAGES, streamConfigQuery, streamConfigResponse } from '../../../shared/contract/streams';
import { callerOf } from '../../plugins/caller';
import { withErrors } from '../../plugins/schemas';
import type { StreamService } from './service';
import { sessionKeyOf } from './viewingSessionKey';

/** Counted per caller: a signed-in user, or one guest token (the route's auth has run before the limit). */
const callerKey = (request: FastifyRequest) => {
  const caller = callerOf(request);
  return caller.kind === 'user' ? `user:${caller.userId}` : `guest:${caller.guestId}`;
};

/** Spec §7 GET /admin/asset/streamconfig/{id}: the stream config, signed for the caller. */
export const streamRoutes: FastifyPluginAsyncZod<{ service: StreamService; callsPerMinute: number }> = async (app, { service, callsPerMinute }) => {
  app.get('/admin/asset/streamconfig/:id', {
    config: { auth: 'guest', rateLimit: { max: callsPerMinute, timeWindow: '1 minute', hook: 'preHandler', keyGenerator: callerKey } },
    schema: { params: z.strictObject({ id: idOrPathParam }), querystring: streamConfigQuery, response: withErrors({ 200: streamConfigResponse }) },
  }, async (req, reply) => {
    // Signed URLs are this viewer's: never kept by a shared cache, nor by the browser.
    void reply.header('cache-control', 'private, no-store');
    const data = await service.config(callerOf(req), req.params.id, { id: req.query.session, key: sessionKeyOf(req) });
    return { success: true, message: STREAM_MESSAGES.config, data };
  });
};
