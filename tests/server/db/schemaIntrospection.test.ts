// @databases both: migrations — the migrator reads only its own schema
import { Kysely, Migrator, PostgresDialect, PostgresIntrospector, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { migrateToLatest, migrationStatus } from '../../../src/server/db/migrate';
import { migrations } from '../../../src/server/db/migrations';
import { whileSchemasChurn } from '../../utils/schemaChurn';
import { openTestDatabase, postgresUrl, releaseSchema, scratchSchema } from '../../utils/testDatabase';

/**
 * The migrator asks the database which tables exist before every run. Kysely's PostgreSQL
 * introspector answered by scanning every schema of the database, and failed when another session
 * dropped a schema mid-scan: a server sharing its database with another application (or test run)
 * could fail to start. Ours reads only the connection's schema, and says the same about it.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(() => database.close());

const currentSchema = async (db: Kysely<any>) =>
  (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]!.schema;

it("describes the connection's own tables as Kysely's stock introspector does", async () => {
  const ours = await database.db.introspection.getTables({ withInternalKyselyTables: true });
  const schema = await currentSchema(database.db);
  const stock = (await new PostgresIntrospector(database.db).getTables({ withInternalKyselyTables: true })).filter(
    (table) => table.schema === schema,
  );
  expect(ours.map((table) => table.name)).toContain('kysely_migration');
  expect(ours.length).toBeGreaterThan(10);
  expect(ours).toEqual(stock);
  // Without the internal tables, as Kysely hides them.
  const plain = await database.db.introspection.getTables();
  expect(plain.map((table) => table.name)).not.toContain('kysely_migration');
  expect(plain).toHaveLength(ours.length - 2);
});

// Declared in the PostgreSQL run only: the embedded database has this server as its only session, so
// no one else can drop anything there, and a test with nothing to prove would only be counted passed.
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
if (onPostgres)
  describe('with another session creating and dropping schemas of the same database', () => {
    it('a server migrates an empty schema to head, and reads its migrations 100 times, without a failure', async () => {
      const scratch = await scratchSchema(postgresUrl());
      const fresh = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 4 });
      try {
        const { result, churned } = await whileSchemasChurn(async (churnedSoFar) => {
          const applied = await migrateToLatest(fresh.db);
          const failures: string[] = [];
          // At least 100 reads, and on until a few schemas came and went (bounded, so a stuck churn fails).
          for (let i = 0; i < 100 || (churnedSoFar() <= 5 && i < 5000); i += 1) {
            await migrationStatus(fresh.db).catch((error: Error) => failures.push(error.message));
          }
          return { applied, failures };
        });
        expect(churned).toBeGreaterThan(5);
        expect(result.applied).toEqual(Object.keys(migrations));
        expect(result.failures).toEqual([]);
      } finally {
        await fresh.close();
        await releaseSchema(scratch);
      }
    });

    it("control: Kysely's stock introspection, on the same schema, fails while they churn", async () => {
      const schema = await currentSchema(database.db);
      const scoped = new URL(postgresUrl());
      scoped.searchParams.set('options', `-c search_path=${schema}`);
      const pool = new pg.Pool({ connectionString: scoped.toString(), max: 2 });
      const stock = new Kysely<any>({ dialect: new PostgresDialect({ pool }) });
      const migrator = new Migrator({
        db: stock,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: schema,
      });
      try {
        const { result: failure } = await whileSchemasChurn(async () => {
          // Stops at the first failure; it took a few dozen reads before the fix.
          for (let i = 0; i < 1000; i += 1) {
            const error = await migrator.getMigrations().then(
              () => null,
              (e: Error) => e.message,
            );
            if (error) return error;
          }
          return 'no failure in 1000 reads';
        });
        expect(failure).toMatch(/^schema "zz_other_[0-9a-f]+" does not exist$/);
      } finally {
        await stock.destroy();
      }
    });
  });
