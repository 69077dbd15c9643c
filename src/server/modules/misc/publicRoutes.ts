import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterBody, newsletterResponse } from '../../../shared/contract/catalog';
import { publicConfigResponse, type PublicConfig } from '../../../shared/contract/publicConfig';
import { withErrors } from '../../platform/schemas';
import type { MiscService } from './service';
import { ok } from '../../platform/successEnvelope';

const NEWSLETTER_THANKS = "Thanks! You're on the list.";

/** Calls under /v1/public: the spec's client sends them without Authorization. */
export const publicRoutes: FastifyPluginAsyncZod<{
  service: MiscService;
  config: PublicConfig;
  signupsPerMinute: number;
}> = async (app, opts) => {
  app.get(
    '/public/config',
    {
      config: { auth: 'none' },
      schema: {
        summary: 'Runtime config for the client',
        description: 'The runtime configuration the client reads at start. `Cache-Control: public, max-age=300`.',
        tags: ['misc'],
        response: withErrors({ 200: publicConfigResponse }),
      },
    },
    async (_req, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return ok(opts.config, 'Config');
    },
  );

  app.post(
    '/public/newsletter',
    {
      config: { auth: 'none', rateLimit: { max: opts.signupsPerMinute, timeWindow: '1 minute' } },
      schema: {
        summary: 'Sign up for the newsletter',
        description: `Signs \`email\` up for the newsletter; an address is stored once. Answers '${NEWSLETTER_THANKS}'`,
        tags: ['misc'],
        body: newsletterBody,
        response: withErrors({ 200: newsletterResponse }),
      },
    },
    async (req) => {
      await opts.service.subscribeToNewsletter(req.body.email, req.ip);
      return ok(null, NEWSLETTER_THANKS);
    },
  );
};
