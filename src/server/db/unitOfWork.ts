import type { Kysely } from 'kysely';
import type { DB } from './schema';
import type { Executor } from './executor';

/**
 * Builds a set of repositories over one handle: the shared database, or one transaction. The unit
 * of work knows no module: each module exports its own (modules/<name>/repositories.ts) and
 * src/server/repositories.ts gathers them for the services.
 */
export type RepositoryBuilder<R> = (db: Executor) => R;

/**
 * The one owner of transactions: `work` gets repositories bound to a new transaction, which commits
 * when it resolves and rolls back when it throws. Nothing else calls db.transaction(), and no
 * repository method takes a handle of its own (a forgotten one would hang PGlite, whose single
 * session the transaction holds, or silently run outside the transaction on PostgreSQL).
 * Never call a payment provider, mail or any other network service inside `work`.
 */
export function withTransaction<R, T>(
  db: Kysely<DB>,
  build: RepositoryBuilder<R>,
  work: (repos: R) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((trx) => work(build(trx)));
}

/**
 * What services are given: repositories for single statements, and transactions for the rest. A
 * service names the repositories it uses (`UnitOfWork<CartRepositories>`); the unit of work over
 * every repository is one of those.
 */
export type UnitOfWork<R> = {
  repos: R;
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
};

export function createUnitOfWork<R>(db: Kysely<DB>, build: RepositoryBuilder<R>): UnitOfWork<R> {
  return { repos: build(db), transaction: (work) => withTransaction(db, build, work) };
}
