import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestTokenResponse } from '../../../shared/contract/auth';
import { withErrors } from '../../platform/schemas';
import type { AuthService } from './service';
import { ok } from '../../platform/successEnvelope';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; perMinute: number }> = async (app, opts) => {
  app.get(
    '/token/guest',
    {
      // Any token the browser still holds is irrelevant here: this is how it gets a fresh one.
      config: { auth: 'none', rateLimit: { max: opts.perMinute, timeWindow: '1 minute' } },
      schema: {
        summary: 'Get a guest token',
        description:
          'Answers a signed guest token in `data`. Every call makes a new guest row. `Cache-Control: no-store`.',
        tags: ['auth'],
        response: withErrors({ 200: guestTokenResponse }),
      },
    },
    async (request, reply) => {
      const token = await opts.service.issueGuestToken(request.ip);
      void reply.header('cache-control', 'no-store');
      return ok(token, 'Guest token issued');
    },
  );
};
