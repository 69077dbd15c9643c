import { sql, type Selectable } from 'kysely';
import { parseIdOrPath } from '../../../shared/contract/ids';
import type { Executor } from '../../db/executor';
import { lockTicketTurn } from '../../db/ticketLock';
import type { ViewingSessionsTable } from '../../db/schema';

export type ViewingSessionRow = Selectable<ViewingSessionsTable>;
export type NewViewingSession = {
  id: string;
  eventId: number;
  userId: number | null;
  viewer: string;
  keyHash: string;
  at: Date;
};

/** A new session's row: opened and last seen at the same moment. */
const columnsOf = (s: NewViewingSession) => ({
  id: s.id,
  event_id: s.eventId,
  user_id: s.userId,
  viewer: s.viewer,
  key_hash: s.keyHash,
  opened_at: s.at,
  last_seen_at: s.at,
});

/**
 * The advisory lock key of one ticket (a user's event): plays of it take turns under it, and so does
 * a refund of an order with it (orders/refundRepository.ts lockTickets). Migration 0019's
 * `open_viewing_session` spells the same key in SQL: change all three or none.
 */
/** `open_viewing_session`'s answer when the user holds no Active order for the event (migration 0019). */
const NO_ACTIVE_ORDER = 0;

/** What opening a session checks: the event, the ticket (locked), an Active order holding it. */
function ticketChecksOf(db: Executor) {
  return {
    async event(key: string): Promise<{ id: number; is_premium: boolean; published: boolean } | undefined> {
      const k = parseIdOrPath(key);
      const q = db.selectFrom('events').select(['id', 'is_premium', 'published']);
      return ('id' in k ? q.where('id', '=', k.id) : q.where('path', '=', k.path)).executeTakeFirst();
    },

    /**
     * Serializes plays of one ticket (a user's event) until the transaction ends, on every instance.
     * A refund of the ticket's order takes it too (db/ticketLock.ts).
     */
    async lockTicket(userId: number, eventId: number): Promise<void> {
      await lockTicketTurn(db, userId, eventId);
    },

    /**
     * Does the user still hold an Active order for the event? Asked under lockTicket, so a refund
     * (which takes the same lock) has either committed, and is seen, or not begun closing sessions.
     */
    async holdsActiveOrder(userId: number, eventId: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .innerJoin('order_items', 'order_items.order_id', 'orders.id')
        .select('orders.id')
        .where('orders.user_id', '=', userId)
        .where('order_items.event_id', '=', eventId)
        .where('orders.status', '=', 'Active')
        .where('order_items.transferred_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Opening a session within the limit: the open ones counted, the oldest closed, the first play marked. */
function openingOf(db: Executor) {
  return {
    /**
     * A premium ticket's play in one statement (migration 0019 `open_viewing_session`): under the
     * ticket's lock, writes the session only while the user still holds an Active order for the
     * event (else 'no_ticket': refunded since the ticket check) and fewer than `limit` are open
     * (seen after `freshAfter`). Answers the open count with it, or null when the limit is reached.
     */
    async openWithinLimit(
      s: NewViewingSession & { userId: number },
      freshAfter: Date,
      limit: number,
    ): Promise<number | null | 'no_ticket'> {
      const { rows } = await sql<{ open: number | null }>`
        select open_viewing_session(${s.id}::uuid, ${s.eventId}::integer, ${s.userId}::integer, ${s.viewer},
          ${s.keyHash}, ${s.at}::timestamptz, ${freshAfter}::timestamptz, ${limit}::integer) as open`.execute(db);
      const open = rows[0]?.open ?? null;
      return open === NO_ACTIVE_ORDER ? 'no_ticket' : open;
    },

    /** Sessions of this ticket not closed and seen after `freshAfter`. */
    async countOpen(userId: number, eventId: number, freshAfter: Date): Promise<number> {
      const row = await db
        .selectFrom('viewing_sessions')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('event_id', '=', eventId)
        .where('closed_at', 'is', null)
        .where('last_seen_at', '>', freshAfter)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * 'Watch here instead': closes the `count` oldest open sessions of this ticket (by when they
     * opened), recording that they were taken over; answers their ids. Call it under lockTicket.
     */
    async closeOldest(userId: number, eventId: number, freshAfter: Date, count: number, at: Date): Promise<string[]> {
      if (count <= 0) return [];
      const rows = await db
        .updateTable('viewing_sessions')
        .set({ closed_at: at, closed_reason: 'taken_over' })
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('viewing_sessions')
            .select('id')
            .where('user_id', '=', userId)
            .where('event_id', '=', eventId)
            .where('closed_at', 'is', null)
            .where('last_seen_at', '>', freshAfter)
            .orderBy('opened_at')
            .orderBy('id')
            .limit(count),
        )
        .where('closed_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Records the ticket's first play on the user's Active line of the event they still hold
     * (`order_items.first_played_at`, set once, migration 0023): what cancelling and handing on read,
     * since sessions are swept. `open_viewing_session` does it itself; a takeover and an outage
     * session written down call this in the transaction that writes the session.
     */
    async markFirstPlay(userId: number, eventId: number, at: Date): Promise<void> {
      await db
        .updateTable('order_items')
        .set({ first_played_at: at })
        .where('event_id', '=', eventId)
        .where('transferred_at', 'is', null)
        .where('first_played_at', 'is', null)
        .where('order_id', 'in', (eb) =>
          eb.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 'Active'),
        )
        .execute();
    },

    insert(s: NewViewingSession): Promise<ViewingSessionRow> {
      return db.insertInto('viewing_sessions').values(columnsOf(s)).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * A session opened while the database was out of reach, written down on its first call after:
     * once, whatever number of calls race to do it.
     */
    async adopt(s: NewViewingSession): Promise<void> {
      await db
        .insertInto('viewing_sessions')
        .values(columnsOf(s))
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}

/** A session's life once open: read, kept alive by heartbeats, closed, and swept when silent. */
function sessionLifeOf(db: Executor) {
  const sessions = () => db.selectFrom('viewing_sessions').selectAll();
  return {
    byId(id: string): Promise<ViewingSessionRow | undefined> {
      return sessions().where('id', '=', id).executeTakeFirst();
    },

    /**
     * The viewer's session, opened by the device holding the key, seen again at `at`, only while it
     * is open (not closed, seen after `freshAfter`): one conditional update, so a session whose slot
     * was freed is never revived.
     */
    touch(
      id: string,
      viewer: string,
      keyHash: string,
      at: Date,
      freshAfter: Date,
    ): Promise<ViewingSessionRow | undefined> {
      return db
        .updateTable('viewing_sessions')
        .set({ last_seen_at: at })
        .where('id', '=', id)
        .where('viewer', '=', viewer)
        .where('key_hash', '=', keyHash)
        .where('closed_at', 'is', null)
        .where('last_seen_at', '>', freshAfter)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Closes the viewer's session, asked by the device holding its key (a closed one keeps its first
     * closing time). False when it is not theirs, or the key is not its own.
     */
    async close(id: string, viewer: string, keyHash: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('viewing_sessions')
        .set((eb) => ({ closed_at: eb.fn.coalesce('closed_at', eb.val(at)) }))
        .where('id', '=', id)
        .where('viewer', '=', viewer)
        .where('key_hash', '=', keyHash)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Deletes up to `batch` sessions last seen before `seenBefore` (closed or silent that long).
     * Rows another instance is deleting are skipped, not waited for.
     */
    async sweep(seenBefore: Date, batch: number): Promise<number> {
      const result = await db
        .deleteFrom('viewing_sessions')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('viewing_sessions')
            .select('id')
            .where('last_seen_at', '<', seenBefore)
            .limit(batch)
            .forUpdate()
            .skipLocked(),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/**
 * SQL of viewing sessions (and the one fact about an event they need). Every time is passed in by
 * the service, never SQL's now(): the service's clock decides what is stale, and tests move it.
 */
export function createViewingSessionRepository(db: Executor) {
  return {
    ...ticketChecksOf(db),
    ...openingOf(db),
    ...sessionLifeOf(db),
  };
}
export type ViewingSessionRepository = ReturnType<typeof createViewingSessionRepository>;
