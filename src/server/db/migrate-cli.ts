import { loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from './database';
import { migrateToLatest } from './migrate';

/** `npm run db:migrate`: brings the configured database to the newest schema and says what ran. */
async function run() {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
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
