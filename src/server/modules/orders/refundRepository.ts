import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { RefundReason, RefundsTable } from '../../db/schema';
import { lockTicketTurn } from '../../db/ticketLock';

export type RefundRow = Selectable<RefundsTable>;
type NewRefund = {
  orderId: number;
  requestedBy: number | null;
  amountCents: number;
  idempotencyKey: string;
  /** Who gave the money back: the organizer (the default), the fan's cancellation, the guaranteed view. */
  reason?: RefundReason;
};
/** The order's status once refunded: 'Cancelled' when the fan cancelled it, else 'Refunded'. */
export type RefundedStatus = 'Refunded' | 'Cancelled';

/** The refund claimed once per order, read back, and the order marked refunded. */
function refundClaimsOf(db: Executor) {
  return {
    /**
     * Claims the order's refund: undefined when it was claimed before (by a double click, another
     * organizer, or long ago). The claim counts as the first attempt, under way.
     */
    claim(refund: NewRefund, at: Date): Promise<RefundRow | undefined> {
      return db
        .insertInto('refunds')
        .values({
          order_id: refund.orderId,
          requested_by: refund.requestedBy,
          amount_cents: refund.amountCents,
          idempotency_key: refund.idempotencyKey,
          reason: refund.reason ?? 'organizer',
          attempts: 1,
          created_at: at,
          attempted_at: at,
        })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    byOrder(orderId: number): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    },

    /** The order's refund, its row locked until the transaction ends (a retry's state before it). */
    byOrderLocked(orderId: number): Promise<RefundRow | undefined> {
      if (!db.isTransaction) throw new Error('byOrderLocked needs a transaction (use the unit of work)');
      return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).forUpdate().executeTakeFirst();
    },

    /** The order ends at once: every access check reads `orders.status = 'Active'`. */
    async markOrderRefunded(orderId: number, at: Date, status: RefundedStatus = 'Refunded'): Promise<void> {
      await db.updateTable('orders').set({ status, refunded_at: at }).where('id', '=', orderId).execute();
    },
  };
}

/** What a refund undoes: seats given back, tickets locked, viewing closed, the coupon released. */
function refundUndoesOf(db: Executor) {
  return {
    /**
     * Locks the events' rows until the transaction ends, in id order: what an organizer's edit of an
     * event locks (eventAdmin's lockById, `for update`), so a cancellation and a move of the air date
     * are decided one after the other, never both against the old date. `for no key update` is the
     * lock returnSeats' update takes anyway: two refunds of one event queue here rather than
     * deadlock by upgrading a shared lock.
     */
    async lockEvents(
      eventIds: number[],
    ): Promise<
      { id: number; title: string; content_type: string; air_start_date: Date | null; cancel_cutoff_hours: number }[]
    > {
      if (!db.isTransaction) throw new Error('lockEvents needs a transaction (use the unit of work)');
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('events')
        .select(['id', 'title', 'content_type', 'air_start_date', 'cancel_cutoff_hours'])
        .where('id', 'in', eventIds)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
    },

    /** Gives one seat of each event back, never below 0. */
    async returnSeats(eventIds: number[]): Promise<void> {
      if (eventIds.length === 0) return;
      await db
        .updateTable('events')
        .set((eb) => ({ sold: eb.fn<number>('greatest', [eb('sold', '-', 1), eb.val(0)]) }))
        .where('id', 'in', eventIds)
        .execute();
    },

    /**
     * Takes the turn of each of the buyer's tickets of these events until the transaction ends: the
     * lock a play takes to write its session (viewingSessionRepository.ts lockTicket, migration
     * 0019's open_viewing_session, which checks the order under it). Taken before the sessions are
     * closed, so a play either wrote its session already (and is closed) or waits, then reads the
     * order refunded and writes nothing. In the events' order, so two refunds never wait on each other.
     */
    async lockTickets(userId: number, eventIds: number[]): Promise<void> {
      for (const eventId of [...new Set(eventIds)].sort((a, b) => a - b)) await lockTicketTurn(db, userId, eventId);
    },

    /**
     * Closes the buyer's open viewing sessions of these events: the media gate refuses a closed
     * session's URLs, so the player stops within a heartbeat. Answers how many were open. Call it
     * under lockTickets.
     */
    async closeViewingSessions(userId: number, eventIds: number[], at: Date): Promise<number> {
      if (eventIds.length === 0) return 0;
      const result = await db
        .updateTable('viewing_sessions')
        .set({ closed_at: at })
        .where('user_id', '=', userId)
        .where('event_id', 'in', eventIds)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Gives the order's coupon use back (the coupon's total and per-buyer limits count these rows). */
    async releaseCoupon(orderId: number): Promise<number> {
      const result = await db.deleteFrom('coupon_redemptions').where('order_id', '=', orderId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/** A refund that did not finish: taken for a retry, its failure noted, done, and the unfinished listed. */
function refundRetriesOf(db: Executor) {
  return {
    /**
     * Takes a failed refund for another attempt, starting `at`: only one caller wins (the failure it
     * clears is the ticket), so two retries at once ask the provider once. `staleBefore`: also take
     * an attempt that started before then and has said nothing since (its process stopped mid-way;
     * the reconciliation job's). Measured from the attempt's start, not the claim's: a retry under
     * way is never taken however old the refund.
     */
    takeRetry(orderId: number, at: Date, staleBefore?: Date): Promise<RefundRow | undefined> {
      return db
        .updateTable('refunds')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: null, attempted_at: at }))
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .where((eb) =>
          staleBefore
            ? eb.or([eb('last_error', 'is not', null), eb('attempted_at', '<', staleBefore)])
            : eb('last_error', 'is not', null),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** The provider refused or was not reached: kept pending, with its sentence, for a retry. */
    async recordFailure(orderId: number, error: string): Promise<void> {
      await db
        .updateTable('refunds')
        .set({ last_error: error })
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** The provider has refunded: true for the one call that made it so (it sends the mail). */
    async markDone(orderId: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('refunds')
        .set({ status: 'done', completed_at: at, last_error: null })
        .where('order_id', '=', orderId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Refunds the provider has not done yet, failed or with an attempt started before `staleBefore`, oldest first. */
    async unfinished(staleBefore: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('refunds')
        .select('order_id')
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('last_error', 'is not', null), eb('attempted_at', '<', staleBefore)]))
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map((r) => r.order_id);
    },
  };
}

/**
 * SQL of an order's refund: the claim (one row per order, its primary key the order's id, so a
 * second claim finds the first), what a refund undoes (the order's access, its seats, its viewing
 * sessions, its coupon use), and the provider's attempts. Every time is the service's clock.
 */
export function createRefundRepository(db: Executor) {
  return {
    ...refundClaimsOf(db),
    ...refundUndoesOf(db),
    ...refundRetriesOf(db),
  };
}
export type RefundRepository = ReturnType<typeof createRefundRepository>;
