import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STUDIO_LIVE_MESSAGES as M,
  studioLiveKeysBody,
  studioLiveKeysResponse,
  studioLiveMessageBody,
  studioLiveParams,
  studioLivePreviewParams,
  studioLiveResponse,
} from '../../../shared/contract/studioLive';
import { requireOrganizer } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { ok } from '../../platform/successEnvelope';
import { withErrors } from '../../platform/schemas';
import type { LiveControlRoom } from './controlRoom';
import { noStore } from '../../platform/noStore';

/**
 * The console's live control room (the contract: shared/contract/studioLive.ts), organizers only.
 * Nothing here logs a request's body or answer: the stream keys are in an answer once, and nowhere else.
 */
export const controlRoomRoutes: FastifyPluginAsyncZod<{ room: LiveControlRoom; messagesPerMinute: number }> = async (
  app,
  { room, messagesPerMinute },
) => {
  const config = { auth: 'organizer' } as const;
  const tags = ['studio'];

  app.get(
    '/studio/events/:id/live',
    {
      config,
      schema: {
        summary: 'The live control room',
        description:
          "For a 'Live' event: the show's state, each angle's (waiting, live, offline) with since when, its " +
          'resolution and bitrate and a preview path, viewers now (open viewing sessions) and their quality ' +
          "from the players' reports of the last 15 minutes, and the viewers' message. 404 for an unknown " +
          "event, 409 for one that is not 'Live'.",
        tags,
        params: studioLiveParams,
        response: withErrors({ 200: studioLiveResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await room.state(req.params.id), 'Live control room');
    },
  );

  app.post(
    '/studio/events/:id/live/keys',
    {
      config,
      schema: {
        summary: 'Issue or rotate stream keys',
        description:
          'New stream keys for the chosen angles (every angle when none is chosen): a first key, or a new one ' +
          'whose old key stops working at once (its encoder is dropped). The keys are in this answer only. 400 ' +
          "for an angle the event does not have; 409 for an event that is not 'Live', without streams, or " +
          'whose show has ended. Audited (which angles, never a key).',
        tags,
        params: studioLiveParams,
        body: studioLiveKeysBody,
        response: withErrors({ 200: studioLiveKeysResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      const organizer = requireOrganizer(req);
      noStore(reply);
      return ok(await room.issueKeys(organizer, req.params.id, req.body.angles), M.keysIssued);
    },
  );

  app.post(
    '/studio/events/:id/live/start',
    {
      config,
      schema: {
        summary: 'Start the show',
        description:
          'On air now: the air start moves to now, so ticket holders may watch at once (an air start already ' +
          'past stays). 409 without stream keys or once the show has ended. Audited.',
        tags,
        params: studioLiveParams,
        response: withErrors({ 200: studioLiveResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      const organizer = requireOrganizer(req);
      noStore(reply);
      return ok(await room.start(organizer, req.params.id), M.started);
    },
  );

  app.post(
    '/studio/events/:id/live/end',
    {
      config,
      schema: {
        summary: 'End the show',
        description:
          'The playlists become the replay at once; every encoder is dropped and refused after; the ' +
          "viewers' message is cleared. Ending an ended show changes nothing. 409 without stream keys. Audited.",
        tags,
        params: studioLiveParams,
        response: withErrors({ 200: studioLiveResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      const organizer = requireOrganizer(req);
      noStore(reply);
      return ok(await room.end(organizer, req.params.id), M.endedNow);
    },
  );

  app.post(
    '/studio/events/:id/live/message',
    {
      // Each change reaches every player within a second and writes an audit entry: bounded per organizer.
      config: { ...config, rateLimit: perCaller(messagesPerMinute) },
      schema: {
        summary: "The viewers' message",
        description:
          "A message viewers see over the player ('technical difficulties'), in GET /v1/live/{id} as " +
          '`message` within a second; empty clears it. Audited.',
        tags,
        params: studioLiveParams,
        body: studioLiveMessageBody,
        response: withErrors({ 200: studioLiveResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      const organizer = requireOrganizer(req);
      noStore(reply);
      const state = await room.message(organizer, req.params.id, req.body.message);
      return ok(state, state.message ? M.messageSet : M.messageCleared);
    },
  );

  app.get(
    '/studio/events/:id/live/preview/:angle',
    {
      config,
      schema: {
        summary: "A feed's preview",
        description:
          "A small JPEG of the feed's newest segment, at most a few seconds old. 404 when the feed has sent " +
          'nothing yet; 503 where ffmpeg is not installed.',
        tags,
        params: studioLivePreviewParams,
        response: withErrors(
          { 200: { description: 'The JPEG.', content: { 'image/jpeg': { schema: z.string() } } } },
          404,
          409,
        ),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      const jpeg = await room.preview(req.params.id, req.params.angle);
      // Like every console answer, kept by nobody: the control room asks again every few seconds anyway.
      void reply.header('cache-control', 'no-store').type('image/jpeg');
      // Bytes, sent as they are (the schema's string stands for the file in the API document).
      return reply.send(jpeg as unknown as string);
    },
  );
};
