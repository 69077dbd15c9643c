import crypto from 'node:crypto';
import { STREAM_MESSAGES, type ViewingSession } from '../../../shared/contract/streams';
import type { Caller } from '../../platform/callerIdentity';
import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import { eventNotFound } from '../../platform/eventNotFound';
import { Conflict, Forbidden } from '../../platform/domainErrors';
import type { ViewingEntitlement } from './viewingEntitlement';
import { hashSessionKey, newSessionKey, sameHash } from './viewingSessionKey';
import { viewerOf, who } from './viewingSessionOutage';
import type { NewViewingSession, ViewingSessionRow } from './viewingSessionRepository';
import {
  silenceMs,
  viewingSessionContextOf,
  type Started,
  type ViewingSessionContext,
  type ViewingSessionDeps,
} from './viewingSessionContext';

// Defined with the context the service's parts share; callers still find them here.
export { silenceMs, type ViewingSessionDeps };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Opening a session, or taking over the oldest: the ticket checked, the device limit kept in one statement. */
function startOf(ctx: ViewingSessionContext) {
  const {
    uow,
    log,
    deviceLimit,
    now,
    vouchers,
    noted,
    holdsTicket,
    events,
    freshAfter,
    answer,
    sweepNowAndThen,
    openWithoutDatabase,
  } = ctx;

  type TicketSession = NewViewingSession & { userId: number };
  type Opened = { open: number; taken: string[] };

  /**
   * A premium ticket's play, in one statement: the database takes the ticket's turn (on every
   * instance, so two devices never both see a free slot), counts and writes. Null at the limit;
   * 'no_ticket' when the order was refunded since the ticket check.
   */
  async function openWithinLimit(session: TicketSession, at: number): Promise<Opened | null | 'no_ticket'> {
    const open = await uow.repos.viewingSessions.openWithinLimit(session, freshAfter(at), deviceLimit);
    return open === null || open === 'no_ticket' ? open : { open, taken: [] };
  }

  /**
   * 'Watch here instead': in one transaction under the same per-ticket lock (two takeovers never both
   * close the same oldest session and both get in), closes the oldest open sessions down to one below
   * the limit (more than one only when DEVICE_LIMIT was lowered), then writes this one.
   */
  function takeOverOldest(session: TicketSession, at: number): Promise<Opened | 'no_ticket'> {
    const { userId, eventId } = session;
    return uow.transaction(async ({ viewingSessions }) => {
      await viewingSessions.lockTicket(userId, eventId);
      // Checked again under the lock: a refund since the ticket check has closed the sessions and holds no more.
      if (!(await viewingSessions.holdsActiveOrder(userId, eventId))) return 'no_ticket' as const;
      const count = await viewingSessions.countOpen(userId, eventId, freshAfter(at));
      const excess = count - deviceLimit + 1;
      const taken = await viewingSessions.closeOldest(userId, eventId, freshAfter(at), excess, new Date(at));
      await viewingSessions.insert(session);
      await viewingSessions.markFirstPlay(userId, eventId, session.at);
      return { open: count - taken.length + 1, taken };
    });
  }

  /** An open, or with `takeOver` a takeover: the same checks; for a premium event, the ticket's turn. */
  async function start(caller: Caller, eventKey: string, takeOver: boolean, entitlement?: string): Promise<Started> {
    const at = now();
    await sweepNowAndThen(at);
    const event = await events.get(eventKey);
    // A draft is unknown to viewers, as in the stream config (service.ts): only its ticket holders
    // (sold before it was unpublished) still open sessions.
    if (!event || (!event.published && !event.is_premium)) throw eventNotFound(eventKey);
    const id = crypto.randomUUID();
    // Answered once, stored only hashed, never logged.
    const sessionKey = newSessionKey();
    const session = {
      id,
      eventId: event.id,
      userId: caller.kind === 'user' ? caller.userId : null,
      viewer: viewerOf(caller),
      keyHash: hashSessionKey(sessionKey),
      at: new Date(at),
    };
    if (!event.is_premium) {
      // No ticket, so no limit and nothing to take over; still a session, so the player works one way for every event.
      try {
        await uow.repos.viewingSessions.insert(session);
      } catch (error) {
        if (!isDatabaseUnreachable(error)) throw error;
        return openWithoutDatabase(caller, event.id, id);
      }
      log.info({ sessionId: id, eventId: event.id, ...who(caller) }, 'viewing session opened (free event)');
      return { ...answer(id), sessionKey, tookOver: 0 };
    }
    if (caller.kind !== 'user' || !(await holdsTicket(caller, event.id, entitlement))) {
      if (!event.published) throw eventNotFound(eventKey);
      throw new Forbidden(STREAM_MESSAGES.notEntitled);
    }
    const userId = caller.userId;
    const ticket = vouchers.issue(userId, event.id);
    const opened = await noted(() =>
      takeOver ? takeOverOldest({ ...session, userId }, at) : openWithinLimit({ ...session, userId }, at),
    ).catch((error: unknown) => {
      if (isDatabaseUnreachable(error)) return 'outage' as const;
      throw error;
    });
    if (opened === 'outage') return { ...openWithoutDatabase(caller, event.id, id), entitlement: ticket };
    // The order was refunded between the ticket check and the write: nothing was written.
    if (opened === 'no_ticket') throw new Forbidden(STREAM_MESSAGES.notEntitled);
    if (opened === null) {
      log.info({ eventId: event.id, userId, deviceLimit }, 'viewing session refused: device limit reached');
      throw new Conflict(STREAM_MESSAGES.deviceLimit(deviceLimit));
    }
    const facts = { sessionId: id, eventId: event.id, userId, open: opened.open, deviceLimit };
    if (opened.taken.length > 0)
      log.info({ ...facts, takenOver: opened.taken }, 'viewing session opened: took over the oldest device');
    else log.info(facts, 'viewing session opened');
    return { ...answer(id), sessionKey, entitlement: ticket, tookOver: opened.taken.length };
  }
  return start;
}

/** A session once open: kept alive, closed, and checked before the stream config is given. */
function openSessionsOf(ctx: ViewingSessionContext) {
  const { uow, now, vouchers, noted, freshAfter, answer, ended, outageSessions } = ctx;
  /** The caller's own session row, for this event when one is named, presented with its key. */
  const isMine = (row: ViewingSessionRow | undefined, caller: Caller, keyHash: string, eventId?: number) =>
    row !== undefined &&
    row.viewer === viewerOf(caller) &&
    (eventId === undefined || row.event_id === eventId) &&
    sameHash(row.key_hash, keyHash);
  /** Only the device holding a taken-over session's key is told the show moved; anyone else, that it ended. */
  const moved = (mine: boolean, row: ViewingSessionRow | undefined) => mine && row?.closed_reason === 'taken_over';

  return {
    /**
     * The caller's player (the device holding the key) is still playing: its session stays open for another two
     * intervals.
     */
    async heartbeat(caller: Caller, sessionId: string, sessionKey: string | undefined): Promise<ViewingSession> {
      if (!UUID.test(sessionId) || !sessionKey) throw ended();
      const at = now();
      const keyHash = hashSessionKey(sessionKey);
      const kept = await noted(() =>
        uow.repos.viewingSessions.touch(sessionId, viewerOf(caller), keyHash, new Date(at), freshAfter(at)),
      );
      if (kept) return answer(kept.id);
      // Only a refusal reads the row again: a taken-over session's device is told the show moved.
      const row = await uow.repos.viewingSessions.byId(sessionId);
      throw moved(isMine(row, caller, keyHash), row) ? new Conflict(STREAM_MESSAGES.movedAway) : ended();
    },

    /** The caller's player left: its slot is free at once. Closing again answers the same. */
    async close(caller: Caller, sessionId: string, sessionKey: string | undefined): Promise<ViewingSession> {
      if (!UUID.test(sessionId) || !sessionKey) throw ended();
      if (
        !(await uow.repos.viewingSessions.close(
          sessionId,
          viewerOf(caller),
          hashSessionKey(sessionKey),
          new Date(now()),
        ))
      )
        throw ended();
      return answer(sessionId);
    },

    /**
     * For the stream config: a premium event's config goes only to the player that opened the
     * session (it holds the key), the caller's own, for this event and still open (409 otherwise:
     * press play again, the same answer whatever was wrong, except to the key's holder of a session
     * taken over: the show moved). Free events need none.
     */
    async assertOpen(
      caller: Caller,
      eventId: number,
      premium: boolean,
      sessionId: string | undefined,
      sessionKey: string | undefined,
      entitlement?: string,
    ): Promise<void> {
      if (!premium) return;
      const refused = () => new Conflict(STREAM_MESSAGES.sessionEnded);
      if (!sessionId || !UUID.test(sessionId) || !sessionKey) throw refused();
      let row: ViewingSessionRow | undefined;
      try {
        row = await noted(() => uow.repos.viewingSessions.byId(sessionId));
      } catch (error) {
        // The session cannot be read: the ticket's signed entitlement lets the player renew its URLs.
        if (
          isDatabaseUnreachable(error) &&
          caller.kind === 'user' &&
          vouchers.vouches(entitlement, caller.userId, eventId)
        )
          return;
        throw error;
      }
      if (!row && (await outageSessions.adopt(caller, sessionId, sessionKey, eventId))) return;
      const mine = isMine(row, caller, hashSessionKey(sessionKey), eventId);
      const open = mine && row?.closed_at === null && row.last_seen_at.getTime() > freshAfter(now()).getTime();
      if (open) return;
      throw moved(mine, row) ? new Conflict(STREAM_MESSAGES.movedAway) : refused();
    },
  };
}

/**
 * The device limit (docs/decisions.md "Watching"): a premium event's ticket plays on at most `deviceLimit`
 * players at once. Each player opens a session on play, heartbeats, and closes it on leave; one
 * silent for twice the heartbeat interval frees its slot and is never revived. State lives in the
 * database, so every server instance counts the same sessions. A session is its device's: the open
 * answers a key only that device holds, and every later call about the session must carry it (the
 * same account's other devices know the session id at most).
 */
export function createViewingSessions(deps: ViewingSessionDeps) {
  const ctx = viewingSessionContextOf(deps);
  const { vouchers } = ctx;
  const start = startOf(ctx);

  return {
    /**
     * The caller's tickets, each signed (viewingEntitlement.ts): the player keeps them after a
     * purchase, so that a first open during an outage still gets in.
     */
    async entitlementsOf(caller: Caller): Promise<ViewingEntitlement[]> {
      if (caller.kind !== 'user') return [];
      const owned = (await deps.entitlements.ownedEvents?.(caller.userId)) ?? [];
      return owned.map((eventId) => vouchers.issue(caller.userId, eventId));
    },

    /** Press play: a new session, refused (409) when the ticket already plays on `deviceLimit` devices. */
    open: (caller: Caller, eventKey: string, entitlement?: string) => start(caller, eventKey, false, entitlement),

    /**
     * 'Watch here instead': a new session for this device; when the ticket's devices are all in use,
     * the oldest (by when it started) is closed as taken over in the same transaction, so the limit
     * stands. Only the caller's own sessions of this event are ever closed (the user is the token's).
     */
    takeOver: (caller: Caller, eventKey: string, entitlement?: string) => start(caller, eventKey, true, entitlement),

    ...openSessionsOf(ctx),
  };
}
export type ViewingSessions = ReturnType<typeof createViewingSessions>;
