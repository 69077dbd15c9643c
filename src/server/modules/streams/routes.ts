import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOrPathParam } from '../../../shared/contract/ids';
import { STREAM_MESSAGES, streamConfigQuery, streamConfigResponse } from '../../../shared/contract/streams';
import { callerOf } from '../../plugins/caller';
import { guestsPerAddress, perCaller } from '../../plugins/callerLimits';
import { withErrors } from '../../plugins/schemas';
import type { StreamService } from './service';
import { sessionKeyOf } from './viewingSessionKey';


/** Spec §7 GET /admin/asset/streamconfig/{id}: the stream config, signed for the caller. */
export const streamRoutes: FastifyPluginAsyncZod<{ service: StreamService; callsPerMinute: number; callsPerMinutePerAddress: number }> = async (app, opts) => {
  const { service } = opts;
  app.get('/admin/asset/streamconfig/:id', {
    config: { auth: 'guest', rateLimit: perCaller(opts.callsPerMinute) },
    preHandler: guestsPerAddress(app, 'streamConfig', opts.callsPerMinutePerAddress),
    schema: { params: z.strictObject({ id: idOrPathParam }), querystring: streamConfigQuery, response: withErrors({ 200: streamConfigResponse }) },
  }, async (req, reply) => {
    // Signed URLs are this viewer's: never kept by a shared cache, nor by the browser.
    void reply.header('cache-control', 'private, no-store');
    const data = await service.config(callerOf(req), req.params.id, { id: req.query.session, key: sessionKeyOf(req) });
    return { success: true, message: STREAM_MESSAGES.config, data };
  });
};
