import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WAITLIST_MESSAGES as M, waitlistParams, waitlistResponse } from '../../../shared/contract/waitlist';
import { requireUser } from '../../platform/callerIdentity';
import { perCaller } from '../../platform/callerLimits';
import { ok } from '../../platform/successEnvelope';
import { noStore } from '../../platform/noStore';
import { withErrors } from '../../platform/schemas';
import type { WaitlistService } from './service';

const STATUS =
  "Answers `{state, place, heldUntil}`: `state` 'none', 'waiting' (with `place`, 1-based among the fans still " +
  "waiting) or 'held' (a returned seat is kept for the caller until `heldUntil`; the event is in their cart and " +
  'only they can buy it until then).';

/** The waiting list of a sold-out event (docs/decisions.md "After the purchase"): the signed-in fan's own place. */
export const waitlistRoutes: FastifyPluginAsyncZod<{
  service: WaitlistService;
  readsPerMinute: number;
  changesPerMinute: number;
}> = async (app, opts) => {
  const config = { auth: 'user', rateLimit: perCaller(opts.readsPerMinute) } as const;
  // Joining and leaving move the line (and a leave passes a held seat on): a budget of their own, per fan.
  const changes = { auth: 'user', rateLimit: perCaller(opts.changesPerMinute) } as const;
  const schema = { tags: ['waitlist'], params: waitlistParams };

  app.get(
    '/waitlist/:eventId',
    {
      config,
      schema: {
        ...schema,
        summary: "The caller's place on an event's waiting list",
        description: STATUS,
        response: withErrors({ 200: waitlistResponse }),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await opts.service.status(requireUser(req), req.params.eventId), M.status);
    },
  );

  app.post(
    '/waitlist/:eventId',
    {
      config: changes,
      schema: {
        ...schema,
        summary: "Join a sold-out event's waiting list",
        description:
          `${STATUS} Joining again answers the same place. 404 '${M.notFound}' (unknown or a draft); 409 ` +
          `'${M.free}', '${M.notSoldOut}', '${M.started}' (a live show whose air time has passed) or '${M.owned}'`,
        response: withErrors({ 200: waitlistResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await opts.service.join(requireUser(req), req.params.eventId), M.joined);
    },
  );

  app.delete(
    '/waitlist/:eventId',
    {
      config: changes,
      schema: {
        ...schema,
        summary: "Leave an event's waiting list",
        description:
          "Answers `{state: 'none'}`. A seat held for the caller passes on at once to the next fan in line. " +
          `'${M.notOnList}' when the caller was not in line.`,
        response: withErrors({ 200: waitlistResponse }),
      },
    },
    async (req, reply) => {
      noStore(reply);
      const { left } = await opts.service.leave(requireUser(req), req.params.eventId);
      return ok({ state: 'none' as const, place: null, heldUntil: null }, left ? M.left : M.notOnList);
    },
  );
};
