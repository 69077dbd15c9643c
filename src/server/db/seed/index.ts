import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { importCatalog } from '../../modules/catalog/importer';
import { demoCatalog } from './demoCatalog';

/**
 * Demo data for an empty database, loaded through the same importer as any catalog file. Safe on
 * every start: a database that already has events is left alone.
 */
export async function seedDemoData(db: Kysely<DB>, now: Date = new Date()): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('events').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };
  await importCatalog(db, demoCatalog(now));
  return { seeded: true };
}
