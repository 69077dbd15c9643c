import { sql } from 'kysely';
import type { Database } from './database';

/**
 * A job's advisory-lock key: a hash of the schema and the job's name, the same in every instance of
 * one deployment. Advisory locks belong to the whole PostgreSQL database, so a key of the name alone
 * would let a deployment on another schema of the same database (another shop, or a parallel test
 * file) take this one's round, and this one would skip it.
 */
const jobLockKey = (name: string) => sql`hashtextextended(current_schema() || ${`/storefront-job:${name}`}, 0)`;

/**
 * Runs a periodic job in one instance at a time: the instance that takes the job's PostgreSQL
 * advisory lock runs it; the others skip this round. The lock belongs to one pooled connection held
 * for the job's length, and PostgreSQL frees it with the connection if the instance dies mid-job.
 * The embedded database belongs to one process, so there the job simply runs.
 */
export async function runExclusively<T>(
  database: Database,
  name: string,
  job: () => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  if (database.kind === 'pglite') return { ran: true, result: await job() };
  const key = jobLockKey(name);
  return database.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}) as taken`.execute(connection);
    if (!rows[0]?.taken) return { ran: false } as const;
    try {
      return { ran: true, result: await job() } as const;
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}
