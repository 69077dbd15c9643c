import type { Executor } from '../../db/executor';

/** SQL of the settings table: the site's key–value settings (public ones and the server's own). */
export function createSettingsRepository(db: Executor) {
  return {
    async findMany(keys: string[]): Promise<{ key: string; value: string }[]> {
      if (keys.length === 0) return [];
      return db.selectFrom('settings').select(['key', 'value']).where('key', 'in', keys).orderBy('key').execute();
    },
    async upsert(key: string, value: string): Promise<void> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: new Date() }))
        .execute();
    },
    /** The value under `key`, stored first as `value` when missing (the first writer wins, all agree). */
    async getOrCreate(key: string, value: string): Promise<string> {
      await db
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()).value;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
