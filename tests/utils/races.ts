import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { DB } from '../../src/server/db/schema';
import { createUnitOfWork, type UnitOfWork } from '../../src/server/db/unitOfWork';
import { createRepositories, type Repositories } from '../../src/server/repositories';
import { openTestDatabase } from './testDatabase';

/** A migrated PostgreSQL schema of its own; race tests refuse to run anywhere else (PGlite cannot race). */
export async function openRaceDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND !== 'postgres')
    throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  return database;
}

/**
 * The real unit of work, with one repository changed, inside every transaction and outside them
 * (a guard may be one statement, run without a transaction): how a control takes a guard (a lock, a
 * conditional update) out to show the race it prevents. `change` also gets the transaction (or,
 * outside one, the database), for a replacement that needs SQL no repository method offers.
 */
export function unitOfWorkWith<K extends keyof Repositories>(
  database: Database,
  key: K,
  change: (repo: Repositories[K], db: Kysely<DB>) => Partial<Repositories[K]>,
): UnitOfWork<Repositories> {
  const real = createUnitOfWork(database.db, createRepositories);
  return {
    repos: { ...real.repos, [key]: { ...real.repos[key], ...change(real.repos[key], database.db) } },
    // As withTransaction does, keeping hold of the transaction for `change`.
    transaction: (work) =>
      database.db.transaction().execute((trx) => {
        const repos = createRepositories(trx);
        return work({ ...repos, [key]: { ...repos[key], ...change(repos[key], trx) } });
      }),
  };
}
