import type { Database } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createUnitOfWork, type Repositories, type UnitOfWork } from '../../src/server/db/unitOfWork';
import { openTestDatabase } from './testDatabase';

/** A migrated PostgreSQL schema of its own; race tests refuse to run anywhere else (PGlite cannot race). */
export async function openRaceDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND !== 'postgres') throw new Error('race tests need the PostgreSQL project (npm test runs it)');
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  return database;
}

/**
 * The real unit of work, with one repository changed inside every transaction: how a control takes
 * a guard (a lock) out to show the race it prevents.
 */
export function unitOfWorkWith<K extends keyof Repositories>(database: Database, key: K, change: (repo: Repositories[K]) => Partial<Repositories[K]>): UnitOfWork {
  const real = createUnitOfWork(database.db);
  return {
    repos: real.repos,
    transaction: (work) => real.transaction((repos) => work({ ...repos, [key]: { ...repos[key], ...change(repos[key]) } })),
  };
}
