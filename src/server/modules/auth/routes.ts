import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guestTokenResponse } from '../../../shared/contract/auth';
import { withErrors } from '../../plugins/schemas';
import type { AuthService } from './service';

export const authRoutes: FastifyPluginAsyncZod<{ service: AuthService; perMinute: number }> = async (app, opts) => {
  app.get('/token/guest', {
    // Any token the browser still holds is irrelevant here: this is how it gets a fresh one.
    config: { auth: 'none', rateLimit: { max: opts.perMinute, timeWindow: '1 minute' } },
    schema: { response: withErrors({ 200: guestTokenResponse }) },
  }, async (request, reply) => {
    const token = await opts.service.issueGuestToken(request.ip);
    void reply.header('cache-control', 'no-store');
    return { success: true, message: 'Guest token issued', data: token };
  });
};
