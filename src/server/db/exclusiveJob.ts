import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from './database';

/** A job's advisory-lock key: the first 63 bits of its name's SHA-256, the same in every instance. */
function jobLockKey(name: string): string {
  return BigInt.asIntN(
    64,
    crypto.createHash('sha256').update(`storefront-job:${name}`).digest().readBigUInt64BE(0) >> 1n,
  ).toString();
}

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
    const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${key}::bigint) as taken`.execute(
      connection,
    );
    if (!rows[0]?.taken) return { ran: false } as const;
    try {
      return { ran: true, result: await job() } as const;
    } finally {
      await sql`select pg_advisory_unlock(${key}::bigint)`.execute(connection);
    }
  });
}
