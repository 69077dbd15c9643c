import type { Executor } from '../../db/executor';

/** SQL of newsletter sign-ups: one row per address. */
export function createNewsletterRepository(db: Executor) {
  return {
    /** Stores an address once; false when it was already on the list. */
    async addSignup(email: string, ip: string | null): Promise<boolean> {
      const result = await db
        .insertInto('newsletter_signups')
        .values({ email, ip })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
