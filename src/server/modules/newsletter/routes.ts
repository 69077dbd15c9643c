import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterBody, newsletterResponse } from '../../../shared/contract/catalog';
import { withErrors } from '../../platform/schemas';
import type { NewsletterService } from './service';
import { ok } from '../../platform/successEnvelope';

const NEWSLETTER_THANKS = "Thanks! You're on the list.";

/** POST /v1/public/newsletter: the spec's client sends it without Authorization. */
export const newsletterRoutes: FastifyPluginAsyncZod<{
  service: NewsletterService;
  signupsPerMinute: number;
}> = async (app, opts) => {
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
      await opts.service.subscribe(req.body.email, req.ip);
      return ok(null, NEWSLETTER_THANKS);
    },
  );
};
