import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { Unavailable } from './domainErrors';

// The plugin's own Redis store (an atomic INCR + PEXPIRE script); it ships without types.
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => FastifyRateLimitStore;

/** What a caller is told when a limit that must hold cannot be counted (the sign-in routes). */
export const LIMITS_UNAVAILABLE = 'Sign-in is unavailable for a moment. Please try again in a minute.';

/**
 * One Redis connection for every instance's limits. It fails fast instead of queueing: a request
 * waits at most `commandTimeout` on a Redis that is gone, never until it comes back.
 */
export function openLimitsRedis(url: string): Redis {
  return new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: 500,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // Reconnects by itself, at most a second apart, for as long as the instance lives.
    retryStrategy: (times) => Math.min(times * 100, 1000),
    lazyConnect: false,
  });
}

/**
 * The rate-limit plugin's Redis store, counting for every instance at once, with one change: a
 * Redis failure becomes a 503 with a sentence. Routes that may go on without a count (browsing,
 * carts, checkout, watching) skip it (`skipOnError`); the sign-in routes refuse (fail closed).
 */
export function sharedLimitStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  class SharedLimitStore implements FastifyRateLimitStore {
    private readonly inner: FastifyRateLimitStore;
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }, inner?: FastifyRateLimitStore) {
      this.inner =
        inner ??
        new RedisStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false, redis, nameSpace);
    }
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number) {
      this.inner.incr(
        key,
        (err, result) => (err ? callback(new Unavailable(LIMITS_UNAVAILABLE, { cause: err })) : callback(null, result)),
        timeWindow,
        max,
      );
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      return new SharedLimitStore({}, this.inner.child(routeOptions));
    }
  }
  return SharedLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * Waits for the first connection, up to `ms`: commands are not queued, so limits counted before it
 * would fail. A Redis still away after that does not stop the start (readiness says so).
 */
export async function firstConnection(redis: Redis, ms = 2000): Promise<boolean> {
  if (redis.status === 'ready') return true;
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    redis.on('ready', onReady);
  });
}

/** True when Redis answers PING within its command timeout. */
export async function redisAnswers(redis: Redis): Promise<boolean> {
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
