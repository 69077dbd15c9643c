import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';
import { lockTicketTurn } from '../../db/ticketLock';

export type TicketTransferRow = Selectable<DB['ticket_transfers']>;
/**
 * A transfer claimed without a receiver's order: its receiver already held a ticket for the event
 * when they signed up, so the ticket went back to its sender (transferService giveReceiver).
 */
export const handedBack = (t: TicketTransferRow) => t.claimed_at !== null && t.to_order_id === null;
/** What the fan's changes read of an order's events. */
export type ManagedEvent = {
  id: number;
  title: string;
  content_type: string;
  air_start_date: Date | null;
  cancel_cutoff_hours: number;
};

/** 'TRF-' + a timestamp + a random number below 10000: the receiver's order, shaped like a bought one's id. */
const newTransferRef = (now = Date.now()) => `TRF-${now}${Math.floor(Math.random() * 10_000)}`;

/** The tickets handing on works on: an order's events, locks, what was played, one order line. */
function ticketsOf(db: Executor) {
  return {
    /** The events of an order with what cancelling and handing on need, by event id. */
    eventsOf(orderId: number): Promise<ManagedEvent[]> {
      return db
        .selectFrom('order_items')
        .innerJoin('events', 'events.id', 'order_items.event_id')
        .select([
          'events.id',
          'events.title',
          'events.content_type',
          'events.air_start_date',
          'events.cancel_cutoff_hours',
        ])
        .where('order_items.order_id', '=', orderId)
        .orderBy('events.id')
        .execute();
    },

    /**
     * The event's row under a shared lock until the transaction ends: an organizer's edit of it
     * (`for update`) waits, so a ticket handed on "before the show" is judged by the air date that stands.
     */
    lockEventShared(eventId: number): Promise<ManagedEvent | undefined> {
      if (!db.isTransaction) throw new Error('lockEventShared needs a transaction (use the unit of work)');
      return db
        .selectFrom('events')
        .select(['id', 'title', 'content_type', 'air_start_date', 'cancel_cutoff_hours'])
        .where('id', '=', eventId)
        .forShare()
        .executeTakeFirst();
    },

    /**
     * Takes the turns of these users' tickets of one event until the transaction ends (the lock a
     * play and a refund take: db/ticketLock.ts), in user order so two transfers never wait on each other.
     */
    async lockTickets(userIds: number[], eventId: number): Promise<void> {
      for (const userId of [...new Set(userIds)].sort((a, b) => a - b)) await lockTicketTurn(db, userId, eventId);
    },

    /**
     * The events of `eventIds` this user ever played on a line of theirs (played once is played):
     * `order_items.first_played_at` (migration 0023), which outlives the sweep of viewing sessions.
     */
    async playedEventIds(userId: number, eventIds: number[]): Promise<number[]> {
      if (eventIds.length === 0) return [];
      const rows = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.event_id')
        .distinct()
        .where('orders.user_id', '=', userId)
        .where('order_items.event_id', 'in', eventIds)
        .where('order_items.first_played_at', 'is not', null)
        .execute();
      return rows.map((r) => r.event_id);
    },

    /** One line of an order. */
    line(orderId: number, eventId: number) {
      return db
        .selectFrom('order_items')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('event_id', '=', eventId)
        .executeTakeFirst();
    },
  };
}

/** Transfers themselves: an order's, one waiting for an address, handed back, written, pending. */
function handingOnOf(db: Executor) {
  return {
    /** The order's tickets handed on, by event id. */
    ofOrder(orderId: number): Promise<TicketTransferRow[]> {
      return db
        .selectFrom('ticket_transfers')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('event_id')
        .execute();
    },

    /** Whether a transfer of this event to this address is waiting for its account (one at most: migration 0023). */
    async waitingFor(eventId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('ticket_transfers')
        .select('order_id')
        .where('event_id', '=', eventId)
        .where(sql`lower(to_email)`, '=', email.toLowerCase())
        .where('claimed_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The sender's line is theirs again (a transfer whose receiver already held a ticket for the
     * event when they signed up: it is marked claimed with no receiver's order, see handedBack).
     */
    async handBack(orderId: number, eventId: number): Promise<void> {
      await db
        .updateTable('order_items')
        .set({ transferred_at: null })
        .where('order_id', '=', orderId)
        .where('event_id', '=', eventId)
        .execute();
    },

    /** Records the transfer: undefined when this ticket was handed on before (its primary key). */
    insert(t: { orderId: number; eventId: number; fromUserId: number; toEmail: string; at: Date }) {
      return db
        .insertInto('ticket_transfers')
        .values({
          order_id: t.orderId,
          event_id: t.eventId,
          from_user_id: t.fromUserId,
          to_email: t.toEmail,
          created_at: t.at,
        })
        .onConflict((oc) => oc.columns(['order_id', 'event_id']).doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /** The sender's line ends (every access check reads `transferred_at is null`): true for the one call that did. */
    async markLineTransferred(orderId: number, eventId: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('order_items')
        .set({ transferred_at: at })
        .where('order_id', '=', orderId)
        .where('event_id', '=', eventId)
        .where('transferred_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Transfers to this address nobody has claimed yet, oldest first. */
    pendingFor(email: string): Promise<TicketTransferRow[]> {
      return db
        .selectFrom('ticket_transfers')
        .selectAll()
        .where(sql`lower(to_email)`, '=', email.toLowerCase())
        .where('claimed_at', 'is', null)
        .orderBy('created_at')
        .execute();
    },
  };
}

/** The receiver's side: a transfer claimed, and the order it becomes. */
function receivingOf(db: Executor) {
  return {
    /**
     * Claims a transfer for the receiver's account: a conditional update, so of two sign-ins at once
     * (or a sign-in and the transfer itself) one claims and the other finds it claimed (undefined).
     */
    claim(orderId: number, eventId: number, toUserId: number, at: Date) {
      return db
        .updateTable('ticket_transfers')
        .set({ to_user_id: toUserId, claimed_at: at })
        .where('order_id', '=', orderId)
        .where('event_id', '=', eventId)
        .where('claimed_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    async setReceiverOrder(orderId: number, eventId: number, toOrderId: number): Promise<void> {
      await db
        .updateTable('ticket_transfers')
        .set({ to_order_id: toOrderId })
        .where('order_id', '=', orderId)
        .where('event_id', '=', eventId)
        .execute();
    },

    /**
     * The receiver's order holding the ticket: usage type 'Transfer', paid by 'transfer', 0, one line
     * at 0 with the list price copied (the sales figures count the sender's money once). Its cart id
     * comes from the carts' sequence, as every order's does.
     */
    async createReceiverOrder(userId: number, eventId: number, listPriceCents: number | null, at: Date) {
      const order = await db
        .insertInto('orders')
        .values({
          order_ref: newTransferRef(at.getTime()),
          user_id: userId,
          cart_id: sql<number>`nextval(pg_get_serial_sequence('carts', 'id'))`,
          usage_type: 'Transfer',
          payment_method: 'transfer',
          payment_intent_id: null,
          amount_cents: 0,
          coupon_code: null,
          created_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await db
        .insertInto('order_items')
        .values({ order_id: order.id, event_id: eventId, price_cents: 0, list_price_cents: listPriceCents })
        .execute();
      return order;
    },
  };
}

/**
 * SQL of a ticket handed on (migration 0020): the transfer (one per ticket, its primary key), the
 * sender's line it ends, and the receiver's order of 0 made when their account exists. Also what
 * the fan's order page asks: the order's events and whether a ticket was ever played.
 */
export function createTransferRepository(db: Executor) {
  return {
    ...ticketsOf(db),
    ...handingOnOf(db),
    ...receivingOf(db),
  };
}
export type TransferRepository = ReturnType<typeof createTransferRepository>;
