import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { WaitlistEntriesTable, WaitlistState } from '../../db/schema';
import { holdMailQueriesOf } from './holdMailQueries';

export type WaitlistEntryRow = Selectable<WaitlistEntriesTable>;
/** What the line's rules read of an event. */
export type LineEvent = {
  id: number;
  is_premium: boolean;
  rate_cents: number | null;
  capacity: number | null;
  sold: number;
  content_type: string;
  air_start_date: Date | null;
  waitlist_hold_minutes: number;
};

const OPEN = ['waiting', 'held'] as const satisfies readonly WaitlistState[];
const lineColumns = [
  'id',
  'is_premium',
  'rate_cents',
  'capacity',
  'sold',
  'content_type',
  'air_start_date',
  'waitlist_hold_minutes',
] as const;

/** The line itself: its event (locked for a change), a fan's entry and place, joining, the next one waiting. */
function lineOf(db: Executor) {
  const needsTransaction = (what: string) => {
    if (!db.isTransaction) throw new Error(`${what} needs a transaction (use the unit of work)`);
  };
  return {
    /** A published event's facts for the line's rules (undefined for an unknown event or a draft). */
    event(eventId: number): Promise<LineEvent | undefined> {
      return db
        .selectFrom('events')
        .select(lineColumns)
        .where('id', '=', eventId)
        .where('published', '=', true)
        .executeTakeFirst();
    },

    /**
     * Takes the turn of the event's line until the transaction ends (its event row's lock, which a
     * sale's and a refund's change of `sold` take as well), and answers its facts. Under it the first
     * in line is read and held: two offers never hold the same fan or skip one.
     * FOR NO KEY UPDATE is enough: it excludes every other line change and every change of `sold`
     * (an UPDATE takes the same mode), and, unlike FOR UPDATE, it lets the KEY SHARE of a foreign
     * key check through: a payment inserting `order_items` (or a join inserting its entry) never
     * waits on a line's lock, so the sweeper holding it and waiting on a row the payment claimed
     * cannot close a circle (a deadlock, 40P01).
     */
    lockLine(eventId: number): Promise<LineEvent | undefined> {
      needsTransaction('lockLine');
      return db.selectFrom('events').select(lineColumns).where('id', '=', eventId).forNoKeyUpdate().executeTakeFirst();
    },

    /** The fan's open entry (waiting or held) for the event. */
    openEntry(eventId: number, userId: number): Promise<WaitlistEntryRow | undefined> {
      return db
        .selectFrom('waitlist_entries')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .where('state', 'in', OPEN)
        .executeTakeFirst();
    },

    /** The 1-based place of a waiting entry among those still waiting. */
    async placeOf(eventId: number, entryId: string): Promise<number> {
      const row = await db
        .selectFrom('waitlist_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('event_id', '=', eventId)
        .where('state', '=', 'waiting')
        .where('id', '<=', entryId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Puts the fan in line; joining again keeps the place they have (one open entry per fan and event). */
    async join(eventId: number, userId: number, at: Date): Promise<void> {
      await db
        .insertInto('waitlist_entries')
        .values({ event_id: eventId, user_id: userId, state: 'waiting', joined_at: at })
        .onConflict((oc) => oc.columns(['event_id', 'user_id']).where('state', 'in', OPEN).doNothing())
        .execute();
    },

    /** Whether the fan holds a ticket of the event (an Active order's line not handed on). */
    async holdsTicket(userId: number, eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.event_id')
        .where('orders.user_id', '=', userId)
        .where('orders.status', '=', 'Active')
        .where('order_items.transferred_at', 'is', null)
        .where('order_items.event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The first fan still waiting for the event (the lowest id); read under lockLine. */
    nextWaiting(eventId: number): Promise<WaitlistEntryRow | undefined> {
      return db
        .selectFrom('waitlist_entries')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('state', '=', 'waiting')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

/** Seats taken and given back, and the holds on them: made, left, claimed by a sale, lapsed. */
function seatsAndHoldsOf(db: Executor) {
  return {
    /** Takes one seat, as a sale does: false when none is free. */
    async takeSeat(eventId: number): Promise<boolean> {
      const result = await db
        .updateTable('events')
        .set((eb) => ({ sold: eb('sold', '+', 1) }))
        .where('id', '=', eventId)
        .where('capacity', 'is not', null)
        .where((eb) => eb('sold', '<', eb.ref('capacity')))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Gives `count` seats back, never below 0. */
    async returnSeats(eventId: number, count: number): Promise<void> {
      if (count <= 0) return;
      await db
        .updateTable('events')
        .set((eb) => ({ sold: eb.fn<number>('greatest', [eb('sold', '-', count), eb.val(0)]) }))
        .where('id', '=', eventId)
        .execute();
    },

    /** Holds a seat (taken already) for a waiting entry until `until`: false when it no longer waits. */
    async hold(entryId: string, at: Date, until: Date): Promise<boolean> {
      const result = await db
        .updateTable('waitlist_entries')
        .set({ state: 'held', held_at: at, held_until: until })
        .where('id', '=', entryId)
        .where('state', '=', 'waiting')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Ends an open entry: the fan left (or holds a ticket by now). Read it under lockLine first. */
    async leave(entryId: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('waitlist_entries')
        .set({ state: 'left', ended_at: at })
        .where('id', '=', entryId)
        .where('state', 'in', OPEN)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The holder's payment claims the hold: true for the one call that does, so the order uses the
     * held seat instead of taking another. Decided once against the sweeper's lapse (both are
     * conditional on `state = 'held'`).
     */
    async claimHold(userId: number, eventId: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('waitlist_entries')
        .set({ state: 'claimed', ended_at: at })
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('state', '=', 'held')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The events of `eventIds` whose seat is held for this fan now. */
    async heldEventIds(userId: number, eventIds: number[]): Promise<number[]> {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('waitlist_entries')
        .select('event_id')
        .where('user_id', '=', userId)
        .where('event_id', 'in', eventIds)
        .where('state', '=', 'held')
        .execute();
      return rows.map((r) => r.event_id);
    },

    /** Events with a hold past its time at `at`, oldest hold first. */
    async eventsWithLapsedHolds(at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('waitlist_entries')
        .select('event_id')
        .select((eb) => eb.fn.min('held_until').as('first'))
        .where('state', '=', 'held')
        .where('held_until', '<=', at)
        .groupBy('event_id')
        .orderBy('first')
        .limit(limit)
        .execute();
      return rows.map((r) => r.event_id);
    },

    /** Lapses the event's holds past their time: answers how many (their seats are to be given back). */
    async lapse(eventId: number, at: Date): Promise<number> {
      const result = await db
        .updateTable('waitlist_entries')
        .set({ state: 'lapsed', ended_at: at })
        .where('event_id', '=', eventId)
        .where('state', '=', 'held')
        .where('held_until', '<=', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/**
 * SQL of the waiting lists: a fan's place, the line's order (lowest id first), holds and their
 * seats. A seat is taken and given back as a sale does (a conditional update of `events.sold`), and
 * the line of an event is changed only under its event row's lock (`lockLine`), the lock every
 * change of `sold` takes too: refunds, sales, lapses and leaves of one event take their turns.
 */
export function createWaitlistRepository(db: Executor) {
  return {
    ...lineOf(db),
    ...seatsAndHoldsOf(db),
    ...holdMailQueriesOf(db),
  };
}
