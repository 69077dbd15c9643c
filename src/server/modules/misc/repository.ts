import type { Executor } from '../../db/executor';

/** SQL of settings and newsletter sign-ups. */
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
    /** Stores an address once; false when it was already on the list. */
    async addNewsletterSignup(email: string, ip: string | null): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_signups')
        .values({ email, ip })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
