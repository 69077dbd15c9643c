import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { IngestStatus } from '../../../shared/contract/health';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { createMetrics } from './metrics';
import { healthRoutes } from './routes';

type HealthNeeds = { database: Database; now?: () => number };

/** The counters and gauges of /metrics (built first: the app's request hook counts into them). */
export function healthModule(needs: HealthNeeds, config: AppConfig) {
  return {
    metrics: createMetrics({
      database: needs.database,
      heartbeatSeconds: config.viewing.heartbeatSeconds,
      ...(needs.now ? { now: needs.now } : {}),
    }),
  };
}
export type HealthModule = ReturnType<typeof healthModule>;

type HealthMountNeeds = {
  health: HealthModule;
  core: { database: Database; redis: Redis | null };
  live: { ingestStatus: { current(): IngestStatus } };
};

/** /healthz, /readyz and /metrics. */
export async function mountHealth(app: FastifyInstance, services: HealthMountNeeds, config: AppConfig) {
  await app.register(healthRoutes, {
    database: services.core.database,
    redis: services.core.redis,
    metrics: services.health.metrics,
    metricsAllow: config.metricsAllow,
    trustedProxies: config.trustedProxies,
    ingest: () => services.live.ingestStatus.current(),
  });
}
