import pg from 'pg';
import { postgresUrl } from './testDatabase';

/** Drops every schema the PostgreSQL run made, once no file of it runs any more. */
export default async function teardown() {
  const prefix = process.env.TEST_SCHEMA_PREFIX;
  if (!prefix) return;
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select nspname as name from pg_namespace where nspname like $1 || '\\_%'",
      [prefix],
    );
    for (const { name } of rows) await client.query(`drop schema "${name}" cascade`);
  } finally {
    await client.end();
  }
}
