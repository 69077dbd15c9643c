import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** What a calendar file says of an event. */
export type CalendarEventRow = {
  id: number;
  path: string;
  title: string;
  venue_description: string;
  event_label: string;
  content_type: string;
  air_start_date: Date | null;
  venue_time_zone: string;
  schedule_sequence: number;
  updated_at: Date;
};
/** Someone to tell of a new date: a user holding the ticket, or the address a ticket was handed to. */
export type TicketHolder = { email: string; name: string };

/** SQL of the calendar: an event's date and SEQUENCE, who holds its tickets. */
export function createCalendarRepository(db: Executor) {
  const columns = [
    'id',
    'path',
    'title',
    'venue_description',
    'event_label',
    'content_type',
    'air_start_date',
    'venue_time_zone',
    'schedule_sequence',
    'updated_at',
  ] as const;
  return {
    /** A published event (shoppers' view: drafts do not exist for them). */
    publishedEvent(id: number): Promise<CalendarEventRow | undefined> {
      return db
        .selectFrom('events')
        .select(columns)
        .where('id', '=', id)
        .where('published', '=', true)
        .executeTakeFirst();
    },

    /** Any event, draft or published: its ticket holders are told of a new date either way. */
    event(id: number): Promise<CalendarEventRow | undefined> {
      return db.selectFrom('events').select(columns).where('id', '=', id).executeTakeFirst();
    },

    /** The iCalendar SEQUENCE moves on: the air date changed (in the transaction that changed it). */
    async bumpSequence(eventId: number): Promise<void> {
      await db
        .updateTable('events')
        .set({ schedule_sequence: sql`schedule_sequence + 1` })
        .where('id', '=', eventId)
        .execute();
    },

    /**
     * Everyone holding a ticket of the event now, once per address: users with an Active order's line
     * that was not handed on (a receiver holds through their own 'Transfer' order), and the addresses
     * a ticket was handed to that have no account yet (their order is made when they sign up).
     */
    async holders(eventId: number): Promise<TicketHolder[]> {
      const users = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select(['users.email', 'users.first_name', 'users.last_name'])
        .distinct()
        .where('order_items.event_id', '=', eventId)
        .where('order_items.transferred_at', 'is', null)
        .where('orders.status', '=', 'Active')
        .execute();
      // Whatever became of the buyer's order: a ticket handed on stays its receiver's (an organizer's
      // refund of the buyer's order leaves it standing, docs/decisions.md "After the purchase").
      const unclaimed = await db
        .selectFrom('ticket_transfers')
        .select('ticket_transfers.to_email')
        .distinct()
        .where('ticket_transfers.event_id', '=', eventId)
        .where('ticket_transfers.to_order_id', 'is', null)
        .execute();
      const byAddress = new Map<string, TicketHolder>();
      for (const u of users)
        byAddress.set(u.email.toLowerCase(), {
          email: u.email,
          name: `${u.first_name} ${u.last_name}`.trim() || u.email.split('@')[0]!,
        });
      for (const t of unclaimed) {
        const key = t.to_email.toLowerCase();
        if (!byAddress.has(key)) byAddress.set(key, { email: t.to_email, name: t.to_email.split('@')[0]! });
      }
      return [...byAddress.values()];
    },
  };
}
