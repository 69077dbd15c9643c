import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations';

/**
 * Brings the schema to the newest migration; throws with the failing migration's name. The
 * migration tables live in the connection's current schema: Kysely would otherwise find another
 * schema's copy (one database can hold several, as the PostgreSQL test run does).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
