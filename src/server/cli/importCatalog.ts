import fs from 'node:fs';
import { loadConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { demoCatalog } from '../db/seed/demoCatalog';
import { CatalogFileError } from '../modules/catalog/catalogFile';
import { importCatalog } from '../modules/catalog/importer';

/**
 * `npm run catalog:import -- FILE.json` loads a catalog file into the configured database in one
 * transaction; `-- --demo` reloads the demo catalog with dates relative to now. With the embedded
 * database, stop the server first (PGlite is one process's); with PostgreSQL it can run live.
 */
async function run() {
  const arg = process.argv[2];
  if (!arg) {
    console.error('usage: npm run catalog:import -- FILE.json   (or -- --demo)');
    process.exit(2);
  }
  let input: unknown;
  if (arg === '--demo') input = demoCatalog(new Date());
  else {
    try {
      input = JSON.parse(fs.readFileSync(arg, 'utf8'));
    } catch (err) {
      console.error(`Cannot read ${arg}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  }
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database.db);
    const summary = await importCatalog(database.db, input);
    const counts = summary.sections.map((s) => `${summary[s]} ${s}`).join(', ');
    console.log(`Catalog imported: ${counts}.`);
  } catch (err) {
    if (err instanceof CatalogFileError) {
      console.error(err.message);
      console.error('Nothing was changed.');
      process.exitCode = 1;
    } else throw err;
  } finally {
    await database.close();
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
