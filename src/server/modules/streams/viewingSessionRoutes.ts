import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  openedViewingSessionResponse, openViewingSessionBody, STREAM_MESSAGES, viewingSessionParams, viewingSessionResponse,
} from '../../../shared/contract/streams';
import { callerOf } from '../../plugins/caller';
import { guestsPerAddress, perCaller } from '../../plugins/callerLimits';
import { withErrors } from '../../plugins/schemas';
import { sessionKeyOf } from './viewingSessionKey';
import type { ViewingSessions } from './viewingSessionService';

const ok = <T>(data: T, message: string) => ({ success: true, message, data });

export type ViewingSessionRouteOptions = { service: ViewingSessions; opensPerMinute: number; opensPerMinutePerAddress: number; heartbeatsPerMinute: number };

/**
 * The device limit's calls (PRODUCT.md "Watching"): the player opens a session on play, heartbeats
 * while it plays, and closes it on leave. Any token may call; a premium event wants a ticket. The
 * open answers the session's key; heartbeats and closes carry it in a header (see the contract).
 */
export const viewingSessionRoutes: FastifyPluginAsyncZod<ViewingSessionRouteOptions> = async (app, opts) => {
  const { service } = opts;
  const limited = (max: number) => ({ auth: 'guest', rateLimit: perCaller(max) } as const);
  const answer = withErrors({ 200: viewingSessionResponse });
  // Every answer here, refusals included, is about one player right now: nothing may keep it.
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.post('/viewing-sessions', {
    config: limited(opts.opensPerMinute),
    preHandler: guestsPerAddress(app, 'openViewingSession', opts.opensPerMinutePerAddress),
    schema: { body: openViewingSessionBody, response: withErrors({ 201: openedViewingSessionResponse }) },
  }, async (req, reply) => {
    const session = await service.open(callerOf(req), req.body.eventId);
    return reply.status(201).send(ok(session, STREAM_MESSAGES.opened));
  });

  app.post('/viewing-sessions/:sessionId/heartbeat', { config: limited(opts.heartbeatsPerMinute), schema: { params: viewingSessionParams, response: answer } },
    async (req) => ok(await service.heartbeat(callerOf(req), req.params.sessionId, sessionKeyOf(req)), STREAM_MESSAGES.kept));

  app.delete('/viewing-sessions/:sessionId', { config: limited(opts.heartbeatsPerMinute), schema: { params: viewingSessionParams, response: answer } },
    async (req) => ok(await service.close(callerOf(req), req.params.sessionId, sessionKeyOf(req)), STREAM_MESSAGES.closed));
};
