import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAKE_GOOD_MESSAGES,
  makeGoodBody,
  makeGoodParams,
  makeGoodResponse,
  studioGuaranteesResponse,
} from '../../../shared/contract/guarantee';
import { dbId } from '../../../shared/contract/ids';
import { requireOrganizer } from '../../platform/callerIdentity';
import { ok } from '../../platform/successEnvelope';
import { noStore } from '../../platform/noStore';
import { withErrors } from '../../platform/schemas';
import { answerOnlyThisMachine } from '../../platform/thisMachineOnly';
import type { Guarantee } from './service';

const TOKEN =
  'The token is the one in the mail the guaranteed view sent (256 random bits, base64url): it proves the ticket, ' +
  `so no sign-in is needed. A token that is not one: 404 '${MAKE_GOOD_MESSAGES.unknown}' Rate limited per address.`;

/**
 * The make-good link of the guaranteed view's mail (docs/decisions.md "After the purchase"): what
 * happened and the choice of a refund or a credit, once. The token stands for the fan: auth 'none'.
 */
export const makeGoodRoutes: FastifyPluginAsyncZod<{
  service: Guarantee;
  readsPerMinute: number;
  choicesPerMinute: number;
}> = async (app, opts) => {
  app.get(
    '/make-good/:token',
    {
      config: { auth: 'none', rateLimit: { max: opts.readsPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: 'What we owe a fan for a show that went wrong',
        description:
          "What happened (the rule that fired, in a sentence), the replay's new end (null: it stays anyway), the " +
          "choices open (`refund` only when the ticket's order holds this show alone and was not refunded), the " +
          `amount (the ticket's paid price, dollars), and the choice made with the credit's code. ${TOKEN}`,
        tags: ['guarantee'],
        params: makeGoodParams,
        response: withErrors({ 200: makeGoodResponse }, 404),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return ok(await opts.service.makeGood(req.params.token), MAKE_GOOD_MESSAGES.found);
    },
  );

  app.post(
    '/make-good/:token',
    {
      config: { auth: 'none', rateLimit: { max: opts.choicesPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: 'Choose a refund or a credit',
        description:
          "`refund`: the ticket's order is refunded in full (reason 'guarantee'; the money goes back as for any " +
          "refund). `credit`: a coupon of the ticket's paid price, for one use within a year, answered and mailed. " +
          `Once: a second choice answers 409 '${MAKE_GOOD_MESSAGES.chosenAlready}', and a choice not open 409 with ` +
          `the reason. ${TOKEN}`,
        tags: ['guarantee'],
        params: makeGoodParams,
        body: makeGoodBody,
        response: withErrors({ 200: makeGoodResponse }, 404, 409),
      },
    },
    async (req, reply) => {
      noStore(reply);
      const data = await opts.service.choose(req.params.token, req.body.remedy);
      return ok(data, req.body.remedy === 'refund' ? MAKE_GOOD_MESSAGES.refunded : MAKE_GOOD_MESSAGES.credited);
    },
  );
};

/** The console's view of an event's guaranteed view: who, the rule, the evidence, the make-good (organizers). */
export const studioGuaranteeRoutes: FastifyPluginAsyncZod<{ service: Guarantee }> = async (app, { service }) => {
  app.get(
    '/studio/events/:id/guarantees',
    {
      config: { auth: 'organizer' },
      schema: {
        summary: "An event's guaranteed-view decisions",
        description:
          "Every ticket the guaranteed view made good for this event, newest first: the fan's e-mail, the rule " +
          "that fired and its evidence (the figures read and the threshold), when, the replay's new end (null: it " +
          'stays anyway), whether the mail went, and the remedy the fan chose. 404 for an unknown event.',
        tags: ['studio'],
        params: z.strictObject({ id: dbId }),
        response: withErrors({ 200: studioGuaranteesResponse }, 404),
      },
    },
    async (req, reply) => {
      requireOrganizer(req);
      noStore(reply);
      return ok(await service.ofEvent(req.params.id), 'Guaranteed view');
    },
  );
};

/**
 * Development and tests: run the judge now, without the grace after a show's end. Only a caller on
 * this machine, and never in production (routes.ts).
 */
export const guaranteeTriggerRoutes: FastifyPluginAsyncZod<{
  judge: () => Promise<number>;
  proxyDeclared: boolean;
}> = async (app, opts) => {
  answerOnlyThisMachine(app, { proxyDeclared: opts.proxyDeclared });
  app.post('/dev/guarantee/run', { config: { auth: 'none' } }, async (_req, reply) => {
    noStore(reply);
    return ok({ decided: await opts.judge() }, 'Judged');
  });
};
