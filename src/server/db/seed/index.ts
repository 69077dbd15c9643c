import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { createSettingsRepository } from '../../modules/misc/repository';

/** Demo data for an empty database. Safe to run on every start: it only fills what is missing. */
export async function seedDemoData(db: Kysely<DB>): Promise<{ seeded: boolean }> {
  const settings = createSettingsRepository(db);
  const existing = await settings.findMany(['demoUse']);
  if (existing.length > 0) return { seeded: false };
  await settings.upsert('demoUse', 'true');
  return { seeded: true };
}
