import { loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from './database';
import { migrateToLatest, migrationStatus } from './migrate';

/**
 * `npm run db:migrate`: brings the configured database to the newest schema and says what ran.
 * `npm run db:migrate -- --status`: lists every migration as applied (with when) or pending, changes
 * nothing, and exits 1 when any is pending (a deploy script can wait on it).
 */
async function run() {
  const statusOnly = process.argv.includes('--status');
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    if (statusOnly) {
      const states = await migrationStatus(database.db);
      for (const m of states)
        console.log(
          `${m.appliedAt ? 'applied' : 'pending'}  ${m.name}${m.appliedAt ? `  ${m.appliedAt.toISOString()}` : ''}`,
        );
      const pending = states.filter((m) => !m.appliedAt).length;
      console.log(pending ? `${pending} pending: run npm run db:migrate` : 'Database schema is up to date.');
      process.exitCode = pending ? 1 : 0;
      return;
    }
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database schema is up to date.');
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
