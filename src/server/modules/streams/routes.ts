import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOrPathParam } from '../../../shared/contract/ids';
import { STREAM_MESSAGES, streamConfigQuery, streamConfigResponse } from '../../../shared/contract/streams';
import { callerOf } from '../../platform/callerIdentity';
import { guestsPerAddress, perCaller } from '../../platform/callerLimits';
import { withErrors } from '../../platform/schemas';
import type { StreamService } from './service';
import { sessionKeyOf } from './viewingSessionKey';
import { entitlementOf } from './viewingEntitlement';
import { ok } from '../../platform/successEnvelope';

/** What the stream config answers, in the API document's words. */
const STREAM_CONFIG =
  "Takes the event's id or path, the viewing session in `session` (a uuid, for a premium event) and its key in the " +
  '`X-Viewing-Session-Key` header. Answers `data: {config_data, expiresAt, mode, airStartDate}`: `config_data` is ' +
  'the JSON ' +
  "string of the spec's stream config with every media URL signed for this caller (and, for a premium event, for the " +
  'viewing session); `mode` is `live` or `vod`. 401 without a token. ' +
  `403 '${STREAM_MESSAGES.notEntitled}' for a premium event without an order. 404 for an unknown event or one ` +
  `without ` +
  `streams. 409 '${STREAM_MESSAGES.notStarted}' for a 'Live' event before its air start. A premium event also needs ` +
  `the ` +
  "caller's open viewing session for it, named by `session` and proven by its key in the header: else " +
  `409 '${STREAM_MESSAGES.sessionEnded}' (the same answer whether the session is missing, closed, silent, another's, ` +
  `or the key is missing or wrong), except to the device holding the key of a session another device took over: ` +
  `409 '${STREAM_MESSAGES.movedAway}'. While the database is out of reach, the ticket's signed entitlement in the ` +
  '`X-Viewing-Entitlement` header stands for the order and the session (else 503). ' +
  '`Cache-Control: private, no-store`.';

/** docs/behaviour.md §7 GET /admin/asset/streamconfig/{id}: the stream config, signed for the caller. */
export const streamRoutes: FastifyPluginAsyncZod<{
  service: StreamService;
  callsPerMinute: number;
  callsPerMinutePerAddress: number;
}> = async (app, opts) => {
  const { service } = opts;
  app.get(
    '/admin/asset/streamconfig/:id',
    {
      config: { auth: 'guest', rateLimit: perCaller(opts.callsPerMinute) },
      preHandler: guestsPerAddress(app, 'streamConfig', opts.callsPerMinutePerAddress),
      schema: {
        summary: 'The stream config of an event, signed for the caller',
        description: STREAM_CONFIG,
        tags: ['streams'],
        params: z.strictObject({ id: idOrPathParam }),
        querystring: streamConfigQuery,
        response: withErrors({ 200: streamConfigResponse }, 403, 404, 409),
      },
    },
    async (req, reply) => {
      // Signed URLs are this viewer's: never kept by a shared cache, nor by the browser.
      void reply.header('cache-control', 'private, no-store');
      const data = await service.config(callerOf(req), req.params.id, {
        id: req.query.session,
        key: sessionKeyOf(req),
        entitlement: entitlementOf(req),
      });
      return ok(data, STREAM_MESSAGES.config);
    },
  );
};
