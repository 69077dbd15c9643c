import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { newsletterBody, newsletterResponse } from '../../../shared/contract/catalog';
import { publicConfigResponse, type PublicConfig } from '../../../shared/contract/publicConfig';
import { withErrors } from '../../plugins/schemas';
import type { SettingsRepository } from './repository';

export const NEWSLETTER_THANKS = "Thanks! You're on the list.";

/** Calls under /v1/public: the spec's client sends them without Authorization. */
export const publicRoutes: FastifyPluginAsyncZod<{ repo: SettingsRepository; config: PublicConfig; signupsPerMinute: number }> = async (app, opts) => {
  app.get('/public/config', {
    config: { auth: 'none' },
    schema: { response: withErrors({ 200: publicConfigResponse }) },
  }, async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=300');
    return { success: true, message: 'Config', data: opts.config };
  });

  app.post('/public/newsletter', {
    config: { auth: 'none', rateLimit: { max: opts.signupsPerMinute, timeWindow: '1 minute' } },
    schema: { body: newsletterBody, response: withErrors({ 200: newsletterResponse }) },
  }, async (req) => {
    // The same answer whether the address was new or known: the list's members are nobody's business.
    await opts.repo.addNewsletterSignup(req.body.email.trim().toLowerCase(), req.ip);
    return { success: true, message: NEWSLETTER_THANKS, data: null };
  });
};
