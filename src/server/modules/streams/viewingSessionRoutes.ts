import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  openedViewingSessionResponse,
  openViewingSessionBody,
  STREAM_MESSAGES,
  viewingSessionParams,
  viewingEntitlementsResponse,
  viewingSessionResponse,
} from '../../../shared/contract/streams';
import { callerOf } from '../../platform/callerIdentity';
import { guestsPerAddress, perCaller } from '../../platform/callerLimits';
import { withErrors } from '../../platform/schemas';
import { sessionKeyOf } from './viewingSessionKey';
import { entitlementOf } from './viewingEntitlement';
import type { ViewingSessions } from './viewingSessionService';
import { ok } from '../../platform/successEnvelope';

/** What an open answers, in the API document's words. */
const OPEN =
  'Opens a viewing session for the event `eventId` (its path or id) on play: ' +
  '201 `data: {sessionId, sessionKey, heartbeatSeconds, deviceLimit}`. `sessionKey` (256 random bits, base64url) is ' +
  'the opening ' +
  "device's secret, answered this once and stored only as its SHA-256; the device sends it in the " +
  '`X-Viewing-Session-Key` ' +
  "header of every later call about the session. A premium event needs the caller's order " +
  `(else 403 '${STREAM_MESSAGES.notEntitled}') and a free device slot (else 409 '${STREAM_MESSAGES.deviceLimit(2)}': ` +
  'the message names the limit, `DEVICE_LIMIT`, 2 by default); free events have no limit. Unknown event: 404. ' +
  'A premium open also answers `entitlement`, the ticket signed for a week: sent in the `X-Viewing-Entitlement` ' +
  'header, it stands for the order while the database is out of reach, when an open is answered without the ' +
  'database (the device limit is not counted then) and written down on its first stream config after.';
const KEY = "The session's key goes in the `X-Viewing-Session-Key` header.";
/** What a takeover answers, in the API document's words. */
const TAKEOVER =
  "'Watch here instead': opens a viewing session for the event `eventId` as an open does (the same 201, 403 and " +
  '404), but when every device slot of the ticket is in use, the oldest session of the caller for this event (the ' +
  'first opened) is closed in the same transaction, so the limit stands: 201 with message ' +
  `'${STREAM_MESSAGES.tookOver}'. That device's next heartbeat and stream config answer 409 ` +
  `'${STREAM_MESSAGES.movedAway}', and its media stop within one heartbeat interval. With a free slot nothing is ` +
  `closed (message '${STREAM_MESSAGES.opened}'); a free event has no limit. Only the caller's own sessions are ` +
  'ever closed. Rate limited per caller (`429` with a sentence).';

export type ViewingSessionRouteOptions = {
  service: ViewingSessions;
  opensPerMinute: number;
  opensPerMinutePerAddress: number;
  heartbeatsPerMinute: number;
  takeoversPerMinute: number;
};

/**
 * The device limit's calls (docs/decisions.md "Watching"): the player opens a session on play, heartbeats
 * while it plays, and closes it on leave. Any token may call; a premium event wants a ticket. The
 * open answers the session's key; heartbeats and closes carry it in a header (see the contract).
 */
export const viewingSessionRoutes: FastifyPluginAsyncZod<ViewingSessionRouteOptions> = async (app, opts) => {
  const { service } = opts;
  const limited = (max: number) => ({ auth: 'guest', rateLimit: perCaller(max) }) as const;
  /** A session that is not open, not the caller's, or without its key: 404. */
  const answer = withErrors({ 200: viewingSessionResponse }, 404);
  // Every answer here, refusals included, is about one player right now: nothing may keep it.
  app.addHook('onSend', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.post(
    '/viewing-sessions',
    {
      config: limited(opts.opensPerMinute),
      preHandler: guestsPerAddress(app, 'openViewingSession', opts.opensPerMinutePerAddress),
      schema: {
        summary: 'Open a viewing session (press play)',
        description: OPEN,
        tags: ['streams'],
        body: openViewingSessionBody,
        response: withErrors({ 201: openedViewingSessionResponse }, 403, 404, 409),
      },
    },
    async (req, reply) => {
      const { tookOver: _none, ...session } = await service.open(callerOf(req), req.body.eventId, entitlementOf(req));
      return reply.status(201).send(ok(session, STREAM_MESSAGES.opened));
    },
  );

  app.get(
    '/viewing-entitlements',
    {
      config: { auth: 'user', rateLimit: perCaller(opts.opensPerMinute) },
      schema: {
        summary: "The caller's tickets, signed for outages",
        description:
          'Each event the caller holds an order for, with its entitlement signed for a week (`token`): sent in the ' +
          '`X-Viewing-Entitlement` header of an open or a stream config, it stands for the order while the database ' +
          'is out of reach. The player reads this after a purchase and keeps the answers. 401 without a user token.',
        tags: ['streams'],
        response: withErrors({ 200: viewingEntitlementsResponse }),
      },
    },
    async (req) => ok({ entitlements: await service.entitlementsOf(callerOf(req)) }, STREAM_MESSAGES.entitlements),
  );

  app.post(
    '/viewing-sessions/takeover',
    {
      // Each takeover stops someone's picture: a few a minute are plenty for a fan moving between devices.
      config: limited(opts.takeoversPerMinute),
      preHandler: guestsPerAddress(app, 'takeOverViewingSession', opts.opensPerMinutePerAddress),
      schema: {
        summary: "Watch here instead (take over the ticket's oldest device)",
        description: TAKEOVER,
        tags: ['streams'],
        body: openViewingSessionBody,
        response: withErrors({ 201: openedViewingSessionResponse }, 403, 404),
      },
    },
    async (req, reply) => {
      const { tookOver, ...session } = await service.takeOver(callerOf(req), req.body.eventId, entitlementOf(req));
      return reply.status(201).send(ok(session, tookOver > 0 ? STREAM_MESSAGES.tookOver : STREAM_MESSAGES.opened));
    },
  );

  app.post(
    '/viewing-sessions/:sessionId/heartbeat',
    {
      config: limited(opts.heartbeatsPerMinute),
      schema: {
        summary: 'Keep a viewing session open',
        description:
          `Keeps the caller's session open (200). ${KEY} A closed, silent (for twice the heartbeat) or unknown ` +
          `session, ` +
          `another's, or a missing or wrong key: 404 '${STREAM_MESSAGES.sessionEnded}' A silent session is never ` +
          `revived: open a new one. A session another device took over ('Watch here instead'), asked with its key: ` +
          `409 '${STREAM_MESSAGES.movedAway}'`,
        tags: ['streams'],
        params: viewingSessionParams,
        response: withErrors({ 200: viewingSessionResponse }, 404, 409),
      },
    },
    async (req) =>
      ok(await service.heartbeat(callerOf(req), req.params.sessionId, sessionKeyOf(req)), STREAM_MESSAGES.kept),
  );

  app.delete(
    '/viewing-sessions/:sessionId',
    {
      config: limited(opts.heartbeatsPerMinute),
      schema: {
        summary: 'Close a viewing session (leave the player)',
        description:
          `Closes the caller's session and frees its slot: 200, and 200 again when it is already closed. ${KEY} ` +
          "Another's session, or a missing or wrong key: 404.",
        tags: ['streams'],
        params: viewingSessionParams,
        response: answer,
      },
    },
    async (req) =>
      ok(await service.close(callerOf(req), req.params.sessionId, sessionKeyOf(req)), STREAM_MESSAGES.closed),
  );
};
