import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idOrPathParam } from '../../../shared/contract/ids';
import { liveNowResponse, type LiveNowData, liveStateResponse } from '../../../shared/contract/live';
import { clientKey } from '../../platform/clientKey';
import { ok } from '../../platform/successEnvelope';
import { answerOnlyControlCalls } from '../../platform/controlCalls';
import { withErrors } from '../../platform/schemas';
import type { IngestHooks } from './ingestHooks';
import type { LiveService } from './service';

type Options = {
  service: LiveService;
  hooks: IngestHooks;
  controlToken: string;
  bootId: string;
  /** Development and tests: `npm run live:demo` may put its show on air now. */
  demo: boolean;
};

/** How long the shows on air are kept (per process, and by the edge): a count a few seconds old. */
export const LIVE_NOW_SECONDS = 5;

/**
 * GET /v1/live: the shows on air now with their watcher counts (public; cached five seconds), and
 * GET /v1/live/{id}: the show's and each feed's state, for players (public; cached one second).
 */
export const liveStateRoutes: FastifyPluginAsyncZod<{
  state: (key: string) => Promise<Awaited<ReturnType<LiveService['publicState']>>>;
  onAir: () => Promise<LiveNowData>;
  callsPerMinutePerAddress: number;
}> = async (app, { state, onAir, callsPerMinutePerAddress }) => {
  // Per client address (IPv6 by /64): the calls need no token, so there is no caller to count.
  const perAddress = (name: string) => ({
    auth: 'none' as const,
    rateLimit: {
      max: callsPerMinutePerAddress,
      timeWindow: '1 minute',
      keyGenerator: (req: FastifyRequest) => `${name}:${clientKey(req.ip)}`,
    },
  });
  app.get(
    '/live',
    {
      config: perAddress('live-now'),
      schema: {
        summary: 'The shows on air now, with about how many fans watch each',
        description:
          "Public: every published show on air now ('Live now'), the busiest first, each with the number of " +
          'devices watching it (open viewing sessions; every instance counts alike). Kept five seconds. 429 past ' +
          'the calls one address may make a minute.',
        tags: ['streams'],
        response: withErrors({ 200: liveNowResponse }),
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', `public, max-age=${LIVE_NOW_SECONDS}`);
      return ok(await onAir(), 'Live now');
    },
  );
  app.get(
    '/live/:id',
    {
      config: perAddress('live-state'),
      schema: {
        summary: "A live event's show and feeds: waiting, live, offline, ended",
        description:
          "Public: whether the event's show comes from the live ingest (`ingest`), the show's state and each " +
          "feed's (angle 0 the program cut, 1–9 the cameras). Nothing a ticket gives. 404 for an unknown event; " +
          '429 past the calls one address may make a minute (a player asks once a second).',
        tags: ['streams'],
        params: z.strictObject({ id: idOrPathParam }),
        response: withErrors({ 200: liveStateResponse }, 404),
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'public, max-age=1');
      return ok(await state(req.params.id), 'Live state');
    },
  );
};

/** nginx-rtmp's notify fields (it posts them as a form). */
const notifyBody = z
  .object({ name: z.string().max(200), clientid: z.string().max(20), addr: z.string().max(64).optional() })
  .passthrough();

/**
 * The ingest's callbacks (nginx-rtmp's on_publish and on_publish_done) and the live commands'
 * calls (`npm run live:keys`, `live:end` while the server runs). Not in the API document.
 */
export const ingestRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const { service, hooks } = opts;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  answerOnlyControlCalls(app, opts.controlToken);
  const publisherOf = (clientid: string) => `${opts.bootId}:${clientid}`;

  app.post(
    '/internal/ingest/publish',
    { config: { auth: 'none' }, schema: { hide: true, body: notifyBody } },
    async (req, reply) => {
      const decision = await service.authorizePublish(req.body.name, publisherOf(req.body.clientid));
      if ('refused' in decision) {
        // Never the key: the feed when the key named one, the encoder's address, and why.
        req.log.warn(
          { eventId: decision.eventId, angle: decision.angle, encoder: req.body.addr, reason: decision.refused },
          'live ingest refused an encoder',
        );
        return reply.code(403).send('refused');
      }
      req.log.info({ eventId: decision.eventId, angle: decision.angle, part: decision.part }, 'live feed publishing');
      hooks.published(decision);
      // A 3xx renames the stream inside the ingest: the key never becomes a path or a process argument.
      return reply.code(302).header('location', decision.stream).send();
    },
  );

  app.post(
    '/internal/ingest/publish-done',
    { config: { auth: 'none' }, schema: { hide: true, body: notifyBody } },
    async (req, reply) => {
      const publisher = publisherOf(req.body.clientid);
      const feed = await service.publishEnded(publisher);
      if (feed) {
        req.log.info({ eventId: feed.event_id, angle: feed.angle }, 'live feed stopped publishing');
        hooks.publishEnded({ eventId: feed.event_id, angle: feed.angle }, publisher);
      }
      return reply.code(200).send('ok');
    },
  );

  app.post(
    '/internal/live/keys',
    {
      config: { auth: 'none' },
      schema: { hide: true, body: z.strictObject({ event: z.string().min(1).max(200), rotate: z.boolean() }) },
    },
    async (req) => {
      const issued = await service.issueKeys(req.body.event, { rotate: req.body.rotate });
      if (req.body.rotate) await hooks.dropEncoders(issued.event.id);
      hooks.feedsChanged();
      req.log.info({ eventId: issued.event.id, rotate: req.body.rotate }, 'live stream keys issued');
      return ok(issued, 'Stream keys issued');
    },
  );

  if (opts.demo)
    app.post(
      '/internal/live/on-air',
      { config: { auth: 'none' }, schema: { hide: true, body: z.strictObject({ event: z.string().min(1).max(200) }) } },
      async (req) => ok(await service.putOnAir(req.body.event), 'On air'),
    );

  app.post(
    '/internal/live/end',
    { config: { auth: 'none' }, schema: { hide: true, body: z.strictObject({ event: z.string().min(1).max(200) }) } },
    async (req) => {
      const ended = await service.endShow(req.body.event);
      await hooks.dropEncoders(ended.id);
      hooks.feedsChanged();
      req.log.info({ eventId: ended.id }, 'live show ended by the organizer');
      return ok(ended, 'Show ended');
    },
  );
};
