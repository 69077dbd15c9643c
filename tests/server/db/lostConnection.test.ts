// @databases postgres: a pooled connection lost; PGlite has no connection
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../../src/server/db/database';
import { openTestDatabase, postgresUrl } from '../../utils/testDatabase';

/**
 * A PostgreSQL restart or failover cuts connections the pool has lent out. pg emits an 'error' event
 * on such a client, which nobody listened to: the whole server process died ("Unhandled 'error'
 * event", found by the cluster suite). Now the request on it fails and the next one gets a new one.
 */
let database: Database;
beforeAll(async () => {
  // The embedded database has no connection to cut: the PGlite project leaves this file out (package.json).
  if (process.env.TEST_DB_KIND !== 'postgres') throw new Error('this test needs the PostgreSQL project');
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('a connection cut inside a transaction fails that transaction only; the process lives and the next query works', async () => {
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  try {
    const failed = database.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // The client is still lent out here when its connection goes; then it is used again.
      await new Promise((r) => setTimeout(r, 200));
      await sql`select 1`.execute(trx);
    });
    await expect(failed).rejects.toThrow(/terminat|Connection/i);
    expect(await database.ping()).toBe(true);
  } finally {
    await admin.end();
  }
});
