import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, makeTreePrivate } from '../platform/privateFiles';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** PGlite under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function databaseOptionsFromConfig(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return wrap(db, 'postgres');
  }
  // The database files are DATA_DIR's (its parent): both owner-only, and so is every file PGlite wrote.
  if (options.dataDir) {
    ensurePrivateDir(path.dirname(options.dataDir));
    ensurePrivateDir(options.dataDir);
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  if (options.dataDir) makeTreePrivate(options.dataDir);
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  return wrap(db, 'pglite', () => pglite.close());
}

function wrap(db: Kysely<DB>, kind: Database['kind'], afterDestroy?: () => Promise<void>): Database {
  let closed = false;
  return {
    db,
    kind,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await afterDestroy?.();
    },
  };
}
