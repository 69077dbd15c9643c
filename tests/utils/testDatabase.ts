import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/database';

/**
 * A database of its own for one test file: a clone of the migrated PGlite template, or, in the
 * PostgreSQL run, a fresh schema in TEST_DATABASE_URL that is dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_KIND === 'postgres') return openPostgresSchema();
  const template = process.env.PGLITE_TEMPLATE;
  const loadDataDir = template && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined;
  return openDatabase({ kind: 'pglite', ...(loadDataDir ? { loadDataDir } : {}) });
}

export function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: the PostgreSQL run needs it (see README "Tests")');
  return url;
}

/**
 * The PostgreSQL run names its schemas after itself (TEST_SCHEMA_PREFIX, set by
 * postgresSchemas.setup.ts) and drops them together when it ends (postgresSchemas.teardown.ts), not
 * one by one as each file closes: another run on the same database is left alone, and a file that
 * dies before closing leaves no schema behind. (It began as a guard against Kysely's introspection, which
 * scanned every schema and failed on one dropped mid-scan; the server now reads only its own, see
 * tests/server/db/schemaIntrospection.test.ts.)
 */
const runPrefix = () => process.env.TEST_SCHEMA_PREFIX;

/** A fresh schema in a PostgreSQL database: its URL (search_path set) and how to drop it. */
export async function scratchSchema(
  url: string,
  prefix = runPrefix() ?? 't',
): Promise<{ schema: string; url: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    schema,
    url: scoped.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}

/** Drops a test file's schema now, or leaves it to the end of a run that names its schemas. */
export async function releaseSchema(scratch: { drop: () => Promise<void> }): Promise<void> {
  if (!runPrefix()) await scratch.drop();
}

async function openPostgresSchema(): Promise<Database> {
  const scratch = await scratchSchema(postgresUrl());
  const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await releaseSchema(scratch);
    },
  };
}

/**
 * Another instance's view of a test database: on PostgreSQL a pool of its own over the same schema,
 * as another process would open; PGlite belongs to one process, so there it is the same database.
 */
export async function openAnotherPool(database: Database): Promise<Database> {
  if (database.kind !== 'postgres') return { ...database, close: async () => {} };
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  const scoped = new URL(postgresUrl());
  scoped.searchParams.set('options', `-c search_path=${rows[0]!.schema}`);
  return openDatabase({ kind: 'postgres', url: scoped.toString(), poolSize: 10 });
}
