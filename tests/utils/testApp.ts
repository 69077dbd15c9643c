import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/database';
import { testConfig } from './testConfig';
import { openTestDatabase } from './testDatabase';

export type TestApp = { app: FastifyInstance; database: Database; config: AppConfig; close: () => Promise<void> };

/**
 * The real server on its own database, driven through app.inject. `limits` raises (or lowers) some
 * of the server's limits for a suite whose one caller makes more calls a minute than a person would.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<AppConfig>;
    limits?: Partial<AppConfig['limits']>;
    deps?: AppDeps;
  } = {},
): Promise<TestApp> {
  const database = await openTestDatabase();
  const base = { ...testConfig(options.env), ...options.config };
  const config = { ...base, limits: { ...base.limits, ...options.limits } };
  const app = await buildApp(config, { ...options.deps, database });
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
