import type { Executor } from '../../db/executor';

/** Guests: one row per guest token issued. */
export function createAuthRepository(db: Executor) {
  return {
    async insertGuest(id: string, ip: string | null): Promise<void> {
      await db.insertInto('guests').values({ id, last_seen_ip: ip }).execute();
    },
    async guestExists(id: string): Promise<boolean> {
      const row = await db.selectFrom('guests').select('id').where('id', '=', id).executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
