import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/database';
import { testConfig } from './testConfig';

/**
 * Client tests talk to the real server: one instance on an in-memory PGlite, listening on a free
 * port for the whole client run. Its origin reaches the tests as API_HOST.
 */
export default async function setup() {
  const database = await openDatabase({ kind: 'pglite' });
  const app = await buildApp(testConfig(), { database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.env.API_HOST = address;
  (globalThis as { __apiServer?: { close: () => Promise<void> } }).__apiServer = {
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
