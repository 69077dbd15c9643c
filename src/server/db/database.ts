import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import {
  assertDataDirWritable,
  assertRoomInDataDir,
  DataDirError,
  dataDirProblem,
  EMBEDDED_DATABASE_NEEDS,
} from '../platform/dataDirCheck';
import { ensurePrivateDir, makeTreePrivate } from '../platform/privateFiles';
import { CurrentSchemaPostgresDialect } from './currentSchemaIntrospector';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './schema';

export type Database = {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Connections open and waiting callers (PostgreSQL's pool; PGlite has one connection). */
  poolUse(): { total: number; idle: number; waiting: number; max: number };
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** PGlite under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  databasePoolSize?: number;
}): DatabaseOptions {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        ...(config.databasePoolSize ? { poolSize: config.databasePoolSize } : {}),
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // PostgreSQL down or every connection busy: a request fails after 5 s instead of hanging.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server closed (a restart, a failover) is dropped and reopened on the
    // next query; without a listener its error would end the process.
    pool.on('error', () => {});
    // The same for a connection lost while checked out (in a transaction, or between two queries of
    // one request): pg emits 'error' on the client, and pg-pool listens only while it is idle. The
    // query in flight fails on its own and the pool drops the broken client when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<DB>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    return wrap(db, 'postgres', undefined, () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolSize ?? 10,
    }));
  }
  // The database files are DATA_DIR's (its parent): both owner-only, and so is every file PGlite wrote.
  const fresh = options.dataDir !== undefined && !fs.existsSync(options.dataDir);
  if (options.dataDir) {
    assertDataDirWritable(
      path.dirname(options.dataDir),
      fresh ? EMBEDDED_DATABASE_NEEDS.fresh : EMBEDDED_DATABASE_NEEDS.existing,
    );
    ensurePrivateDir(path.dirname(options.dataDir));
    ensurePrivateDir(options.dataDir);
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  }).catch((err: unknown) => {
    // A database that could not be created whole is not left half made for the next start to trip on.
    if (fresh) fs.rmSync(options.dataDir!, { recursive: true, force: true });
    const problem = options.dataDir ? dataDirProblem(path.dirname(options.dataDir), err) : null;
    throw problem ? new DataDirError(problem) : err;
  });
  if (options.dataDir) makeTreePrivate(options.dataDir);
  const { dataDir } = options;
  const db = new Kysely<DB>({
    dialect: new PGliteDialect(
      pglite,
      dataDir
        ? { beforeWrite: () => assertRoomInDataDir(path.dirname(dataDir), EMBEDDED_DATABASE_NEEDS.existing) }
        : {},
    ),
  });
  return wrap(
    db,
    'pglite',
    () => pglite.close(),
    () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
  );
}

function wrap(
  db: Kysely<DB>,
  kind: Database['kind'],
  afterDestroy: (() => Promise<void>) | undefined,
  poolUse: Database['poolUse'],
): Database {
  let closed = false;
  return {
    db,
    kind,
    poolUse,
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
