import type { Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';

/** Makes a signed-in test user an organizer, as `npm run organizer:grant` does (the console suites). */
export async function grantOrganizer(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .insertInto('organizers')
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes the role back, as `npm run organizer:revoke` does. */
export async function revokeOrganizer(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('organizers').where('user_id', '=', userId).execute();
}
