import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '../../../shared/contract/health';
import type { Database } from '../../db/database';

/** For load balancers and uptime checks: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', {
    config: { auth: 'none' },
    logLevel: 'warn',
    schema: { response: { 200: healthResponse, 503: healthResponse } },
  }, async (_request, reply) => {
    const up = await database.ping();
    void reply.header('cache-control', 'no-store');
    return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
  });
};
