import { sql, type Kysely } from 'kysely';

/** Each table's row count and a hash of its rows, by table name. */
export type Fingerprint = Record<string, string>;

const tablesOf = new WeakMap<object, string[]>();

/**
 * What the database holds, in one query: for every table of the test's schema, its rows as text,
 * sorted and hashed. Two fingerprints are equal when no row was added, removed or changed in
 * between, so a refused request can be shown to have changed nothing stored (PGlite and PostgreSQL
 * alike).
 */
export async function dbFingerprint(db: Kysely<never>): Promise<Fingerprint> {
  let tables = tablesOf.get(db);
  if (!tables) {
    const listed = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
    tables = listed.rows.map((r) => r.name);
    tablesOf.set(db, tables);
  }
  const each = tables.map(
    (t) =>
      `select '${t}' as name, count(*)::int as n, ` +
      `md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as h from "${t}" r`,
  );
  const { rows } = await sql<{ name: string; n: number; h: string }>`${sql.raw(each.join(' union all '))}`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, `${r.n} rows ${r.h}`]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}
