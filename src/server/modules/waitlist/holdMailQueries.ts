import type { Executor } from '../../db/executor';

/** A hold whose mail is to be sent: the fan, the event, until when. */
export type HoldToMail = {
  id: string;
  user_id: number;
  event_id: number;
  held_until: Date;
  email: string;
  first_name: string;
  last_name: string;
  title: string;
};

/**
 * SQL of the hold mails, part of the waitlist repository (waitlistRepository.ts gathers it): holds
 * taken for one sender, marked sent or let go, and whether a hold still stands.
 */
export function holdMailQueriesOf(db: Executor) {
  return {
    /**
     * Takes up to `limit` holds whose mail is not sent yet, for one sender: untaken ones, and ones
     * taken before `staleBefore` whose sender never said it was sent (it stopped mid-way).
     */
    async takeUnmailed(at: Date, staleBefore: Date, limit: number): Promise<HoldToMail[]> {
      const taken = await db
        .updateTable('waitlist_entries')
        .set({ mail_taken_at: at })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('waitlist_entries')
            .select('id')
            .where('state', '=', 'held')
            .where('mailed_at', 'is', null)
            .where((w) => w.or([w('mail_taken_at', 'is', null), w('mail_taken_at', '<', staleBefore)]))
            .orderBy('id')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .where('state', '=', 'held')
        .returning('id')
        .execute();
      if (taken.length === 0) return [];
      return db
        .selectFrom('waitlist_entries as w')
        .innerJoin('users as u', 'u.id', 'w.user_id')
        .innerJoin('events as e', 'e.id', 'w.event_id')
        .select(['w.id', 'w.user_id', 'w.event_id', 'u.email', 'u.first_name', 'u.last_name', 'e.title'])
        .select((eb) => eb.fn.coalesce('w.held_until', eb.val(at)).as('held_until'))
        .where(
          'w.id',
          'in',
          taken.map((t) => t.id),
        )
        .orderBy('w.id')
        .execute() as Promise<HoldToMail[]>;
    },

    /** The hold's mail was sent. */
    async markMailed(entryId: string, at: Date): Promise<void> {
      await db.updateTable('waitlist_entries').set({ mailed_at: at }).where('id', '=', entryId).execute();
    },
    /** Sending failed: another sweep takes it again. */
    async releaseMail(entryId: string): Promise<void> {
      await db
        .updateTable('waitlist_entries')
        .set({ mail_taken_at: null })
        .where('id', '=', entryId)
        .where('mailed_at', 'is', null)
        .execute();
    },
    /** Whether the entry is still held (the mail is for a live hold only). */
    async isHeld(entryId: string): Promise<boolean> {
      const row = await db
        .selectFrom('waitlist_entries')
        .select('id')
        .where('id', '=', entryId)
        .where('state', '=', 'held')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
