import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from '../../src/server/db/pglite-dialect';
import { migrateToLatest } from '../../src/server/db/migrate';

/**
 * A new PGlite takes seconds to boot and migrate; a clone of a migrated one under a second. The
 * template is made once per test run and every test file loads its own copy of it.
 */
export async function createPgliteTemplate(): Promise<string> {
  const pg = await PGlite.create();
  const db = new Kysely({ dialect: new PGliteDialect(pg) });
  await migrateToLatest(db);
  const dump = await pg.dumpDataDir('none');
  await db.destroy();
  await pg.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-pglite-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}
