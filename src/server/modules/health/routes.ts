import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { healthResponse, readyResponse, type IngestStatus, type ReadyResponse } from '../../../shared/contract/health';
import type { Database } from '../../db/database';
import { migrationsAtHead } from '../../db/migrate';
import { NotFound } from '../../platform/domainErrors';
import { vouchedClientAddress } from '../../platform/forwardingHeaders';
import { addressMatcher } from '../../platform/network';
import { isThisMachine } from '../../platform/thisMachineOnly';
import { redisAnswers } from '../../platform/sharedLimits';
import type { Metrics } from './metrics';

type HealthOptions = {
  database: Database;
  redis: Redis | null;
  metrics: Metrics;
  /** Addresses and ranges that may read /metrics besides this machine's own callers. */
  metricsAllow: string[];
  /** The proxies whose X-Forwarded-For is believed (TRUST_PROXY); empty: none. */
  trustedProxies: string[];
  /** The live ingest's state, as the live module last heard it. */
  ingest: () => IngestStatus;
};

/**
 * For load balancers, uptime checks and Prometheus. /healthz is liveness: the process answers and
 * so does the database. /readyz is readiness: the database, Redis when configured, and a schema at
 * this build's newest migration. /metrics answers this machine's own callers (thisMachineOnly.ts) and
 * the clients METRICS_ALLOW names, their address vouched for (forwardingHeaders.ts); others a plain 404.
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
          '`redis` (up, down or not configured) and `migrations` (at head, pending or unknown). `ingest` says ' +
          'whether the live ingest listens for encoders (`listening`, `starting`, or `off` with its `reason`); ' +
          'it does not decide readiness: the shop serves without it. `Cache-Control: no-store`.',
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
        ingest: opts.ingest(),
      };
      const ready = databaseUp && redisUp !== false && atHead === true;
      void reply.header('cache-control', 'no-store');
      return reply.status(ready ? 200 : 503).send({ ...answer, status: ready ? 'ready' : 'unavailable' });
    },
  );

  const allowListed = addressMatcher(opts.metricsAllow);
  const isTrustedProxy = addressMatcher(opts.trustedProxies);
  const proxyDeclared = opts.trustedProxies.length > 0;
  app.get('/metrics', { config: { auth: 'none' }, logLevel: 'warn' }, async (request, reply) => {
    const allowed =
      isThisMachine(request, proxyDeclared) || allowListed(vouchedClientAddress(request, isTrustedProxy) ?? undefined);
    if (!allowed) throw new NotFound('Not found');
    void reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.text();
  });
};
