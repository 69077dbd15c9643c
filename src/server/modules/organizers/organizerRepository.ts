import type { Executor } from '../../db/executor';

/** SQL of the organizer role: who holds it, granting and revoking it. */
export function createOrganizerRepository(db: Executor) {
  return {
    async isOrganizer(userId: number): Promise<boolean> {
      const row = await db.selectFrom('organizers').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** True when the role was granted now, false when the user held it already. */
    async grant(userId: number): Promise<boolean> {
      const rows = await db
        .insertInto('organizers')
        .values({ user_id: userId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .execute();
      return rows.length > 0;
    },

    /** True when the user held the role. */
    async revoke(userId: number): Promise<boolean> {
      const result = await db.deleteFrom('organizers').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
