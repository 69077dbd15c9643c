import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations';

/**
 * Brings the schema to the newest migration; throws with the failing migration's name. The
 * migration tables live in the connection's current schema: Kysely would otherwise find another
 * schema's copy (one database can hold several, as the PostgreSQL test run does).
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = await migratorFor(db);
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`, { cause: error });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function migratorFor(db: Kysely<any>): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
}

export type MigrationState = { name: string; appliedAt: Date | null };

/** Every migration this build knows, in order, with when it was applied (null: pending). */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationState[]> {
  const known = await (await migratorFor(db)).getMigrations();
  return known.map((m) => ({ name: m.name, appliedAt: m.executedAt ?? null }));
}

/**
 * True when the database has every migration this build knows (readiness: an old schema is not ready).
 * It reads this schema's migration table with two small queries, not through the migrator, which
 * /readyz would otherwise run on each probe (it first lists the schema's tables and columns).
 */
export async function migrationsAtHead(db: Kysely<any>): Promise<boolean> {
  const { rows: table } = await sql<{ found: string | null }>`
    select to_regclass('kysely_migration')::text as found`.execute(db);
  if (!table[0]?.found) return false;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const applied = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).every((name) => applied.has(name));
}
