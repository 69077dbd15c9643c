import crypto from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the shared-limit tests use: TEST_REDIS_URL, else the machine's own. `.ci/run` starts one. */
export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix no other test (or jest worker, or PGlite/PostgreSQL run) shares. */
export const uniqueRedisPrefix = () => `test-${crypto.randomBytes(6).toString('hex')}:`;

/** Deletes every key under a prefix (after a test). */
export async function dropRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(testRedisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
