import crypto from 'node:crypto';
import pg from 'pg';
import { postgresUrl } from './testDatabase';

/**
 * Another application (or another test run) sharing the PostgreSQL database, creating and dropping
 * schemas of its own as fast as it can. Anything that scans every schema of the database (Kysely's
 * stock introspection did) fails with 'schema "…" does not exist' when one goes mid-scan. The work is
 * told how many schemas went so far, so it can go on until enough did (a loaded machine churns slowly).
 */
export async function whileSchemasChurn<T>(
  work: (churnedSoFar: () => number) => Promise<T>,
): Promise<{ result: T; churned: number }> {
  const admin = new pg.Client({ connectionString: postgresUrl() });
  await admin.connect();
  let stop = false;
  let churned = 0;
  const churn = (async () => {
    while (!stop) {
      const other = `zz_other_${crypto.randomBytes(4).toString('hex')}`;
      await admin.query(`create schema ${other}; create table ${other}.t (id serial primary key, a int, b text)`);
      await admin.query(`drop schema ${other} cascade`);
      churned += 1;
    }
  })();
  try {
    return { result: await work(() => churned), churned };
  } finally {
    stop = true;
    await churn;
    await admin.end();
  }
}
