import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { healthResponse, readyResponse, type ReadyResponse } from '../../../shared/contract/health';
import type { Database } from '../../db/database';
import { migrationsAtHead } from '../../db/migrate';
import { NotFound } from '../../platform/errors';
import { addressMatcher } from '../../platform/network';
import { redisAnswers } from '../../platform/sharedLimits';
import type { Metrics } from './metrics';

type HealthOptions = {
  database: Database;
  redis: Redis | null;
  metrics: Metrics;
  /** Addresses and ranges besides loopback that may read /metrics. */
  metricsAllow: string[];
  /** Whether a proxy's X-Forwarded-For is believed (then request.ip is the client behind it). */
  trustsProxy: boolean;
};

/**
 * For load balancers, uptime checks and Prometheus. /healthz is liveness: the process answers and
 * so does the database. /readyz is readiness: the database, Redis when configured, and a schema at
 * this build's newest migration. /metrics answers only the networks the configuration allows.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, opts) => {
  const { database, redis, metrics } = opts;
  app.get(
    '/healthz',
    {
      config: { auth: 'none' },
      logLevel: 'warn',
      schema: {
        summary: 'Liveness: the process and its database answer',
        description:
          'Answers 200 `{status: "ok", database: "up"}` when the database answers, ' +
          'else 503 `{status: "unavailable", database: "down"}`. `Cache-Control: no-store`.',
        tags: ['health'],
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const up = await database.ping();
      void reply.header('cache-control', 'no-store');
      return reply.status(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'up' : 'down' });
    },
  );

  app.get(
    '/readyz',
    {
      config: { auth: 'none' },
      logLevel: 'warn',
      schema: {
        summary: 'Readiness: send traffic only when this is 200',
        description:
          'Answers 200 `{status: "ready"}` when the database and Redis (when configured) answer and the schema is at ' +
          'this build\'s newest migration; else 503 `{status: "unavailable"}`, saying which one is not: `database` ' +
          '(up or down), ' +
          '`redis` (up, down or not configured) and `migrations` (at head, pending or unknown). `Cache-Control: ' +
          'no-store`.',
        tags: ['health'],
        response: { 200: readyResponse, 503: readyResponse },
      },
    },
    async (_request, reply) => {
      const [databaseUp, redisUp] = await Promise.all([
        database.ping(),
        redis ? redisAnswers(redis) : Promise.resolve(null),
      ]);
      const atHead = databaseUp ? await migrationsAtHead(database.db).catch(() => null) : null;
      const answer: ReadyResponse = {
        status: 'ready',
        database: databaseUp ? 'up' : 'down',
        redis: redisUp === null ? 'not configured' : redisUp ? 'up' : 'down',
        migrations: atHead === null ? 'unknown' : atHead ? 'at head' : 'pending',
      };
      const ready = databaseUp && redisUp !== false && atHead === true;
      void reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({ ...answer, status: ready ? 'ready' : 'unavailable' });
    },
  );

  const allowed = addressMatcher(['loopback', ...opts.metricsAllow]);
  app.get('/metrics', { config: { auth: 'none' }, logLevel: 'warn' }, async (request, reply) => {
    // Through a proxy we do not believe, request.ip is the proxy's (often loopback): refuse, or
    // anyone could read the metrics through it.
    const forwarded = request.headers['x-forwarded-for'] !== undefined && !opts.trustsProxy;
    if (forwarded || !allowed(request.ip)) throw new NotFound('Not found');
    void reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.text();
  });
};
