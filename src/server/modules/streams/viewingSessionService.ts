import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { STREAM_MESSAGES, type OpenedViewingSession, type ViewingSession } from '../../../shared/contract/streams';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Caller } from '../../platform/caller';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import type { Entitlements } from '../orders/entitlements';
import type { StreamRepositories } from './repositories';
import { hashSessionKey, newSessionKey } from './viewingSessionKey';
import type { ViewingSessionRow } from './viewingSessionRepository';

export type ViewingSessionDeps = {
  uow: UnitOfWork<StreamRepositories>;
  entitlements: Pick<Entitlements, 'ownsEvent'>;
  config: { deviceLimit: number; heartbeatSeconds: number };
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Clock for every staleness rule; tests move it. */
  now?: (() => number) | undefined;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often one server looks for old rows to delete (on an open), and how many it deletes at once. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session not heard from for this long (two heartbeat intervals) is over: its slot is free, its media refused. */
export const silenceMs = (heartbeatSeconds: number) => 2 * heartbeatSeconds * 1000;

/** Whose sessions these are: a signed-in user's, or one guest token's. */
const viewerOf = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.userId}` : `guest:${caller.guestId}`);
/** What logs say of a caller: a user's id, never a guest token's subject. */
const who = (caller: Caller) => (caller.kind === 'user' ? { userId: caller.userId } : { viewer: 'guest' });

/**
 * The device limit (docs/decisions.md "Watching"): a premium event's ticket plays on at most `deviceLimit`
 * players at once. Each player opens a session on play, heartbeats, and closes it on leave; one
 * silent for twice the heartbeat interval frees its slot and is never revived. State lives in the
 * database, so every server instance counts the same sessions. A session is its device's: the open
 * answers a key only that device holds, and every later call about the session must carry it (the
 * same account's other devices know the session id at most).
 */
export function createViewingSessions(deps: ViewingSessionDeps) {
  const { uow, entitlements, log } = deps;
  const { deviceLimit, heartbeatSeconds } = deps.config;
  const now = deps.now ?? Date.now;
  /** Sessions seen after this are open. */
  const freshAfter = (at: number) => new Date(at - silenceMs(heartbeatSeconds));
  const answer = (sessionId: string): ViewingSession => ({ sessionId, heartbeatSeconds, deviceLimit });
  // Unknown, another viewer's, closed or silent: one answer, so nothing tells whose sessions exist.
  const ended = () => new NotFound(STREAM_MESSAGES.sessionEnded);
  let lastSweep = Number.NEGATIVE_INFINITY;

  async function sweepNowAndThen(at: number): Promise<void> {
    if (Math.abs(at - lastSweep) < SWEEP_EVERY_MS) return;
    lastSweep = at;
    try {
      const removed = await uow.repos.viewingSessions.sweep(new Date(at - DAY_MS), SWEEP_BATCH);
      if (removed > 0) log.info({ removed }, 'old viewing sessions deleted');
    } catch (err) {
      // Housekeeping: a failed sweep must not turn a viewer away; the next one catches up.
      log.warn({ err }, 'deleting old viewing sessions failed');
    }
  }

  /** An open, or with `takeOver` a takeover: the same checks, and for a premium event one locked transaction. */
  async function start(caller: Caller, eventKey: string, takeOver: boolean): Promise<Started> {
    const at = now();
    await sweepNowAndThen(at);
    const event = await uow.repos.viewingSessions.event(eventKey);
    if (!event) throw new NotFound(`No event "${eventKey}"`);
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
      await uow.repos.viewingSessions.insert(session);
      log.info({ sessionId: id, eventId: event.id, ...who(caller) }, 'viewing session opened (free event)');
      return { ...answer(id), sessionKey, tookOver: 0 };
    }
    if (caller.kind !== 'user' || !(await entitlements.ownsEvent(caller, event.id)))
      throw new Forbidden(STREAM_MESSAGES.notEntitled);
    const userId = caller.userId;
    const opened = await uow.transaction(async ({ viewingSessions }) => {
      // Plays of one ticket take turns (on every instance), so two devices never both see a free slot,
      // and two takeovers never both close the same oldest session and both get in.
      await viewingSessions.lockTicket(userId, event.id);
      const count = await viewingSessions.countOpen(userId, event.id, freshAfter(at));
      // More open than the limit allows only when DEVICE_LIMIT was lowered: a takeover closes down to one below it.
      const excess = count - deviceLimit + 1;
      if (excess > 0 && !takeOver) return null;
      const taken = takeOver
        ? await viewingSessions.closeOldest(userId, event.id, freshAfter(at), excess, new Date(at))
        : [];
      await viewingSessions.insert(session);
      return { open: count - taken.length + 1, taken };
    });
    if (opened === null) {
      log.info({ eventId: event.id, userId, deviceLimit }, 'viewing session refused: device limit reached');
      throw new Conflict(STREAM_MESSAGES.deviceLimit(deviceLimit));
    }
    const facts = { sessionId: id, eventId: event.id, userId, open: opened.open, deviceLimit };
    if (opened.taken.length > 0)
      log.info({ ...facts, takenOver: opened.taken }, 'viewing session opened: took over the oldest device');
    else log.info(facts, 'viewing session opened');
    return { ...answer(id), sessionKey, tookOver: opened.taken.length };
  }

  /** The caller's own session row, for this event when one is named, presented with its key. */
  const isMine = (row: ViewingSessionRow | undefined, caller: Caller, keyHash: string, eventId?: number) =>
    row !== undefined &&
    row.viewer === viewerOf(caller) &&
    (eventId === undefined || row.event_id === eventId) &&
    sameHash(row.key_hash, keyHash);
  /** Only the device holding a taken-over session's key is told the show moved; anyone else, that it ended. */
  const moved = (mine: boolean, row: ViewingSessionRow | undefined) => mine && row?.closed_reason === 'taken_over';

  return {
    /** Press play: a new session, refused (409) when the ticket already plays on `deviceLimit` devices. */
    open: (caller: Caller, eventKey: string) => start(caller, eventKey, false),

    /**
     * 'Watch here instead': a new session for this device; when the ticket's devices are all in use,
     * the oldest (by when it started) is closed as taken over in the same transaction, so the limit
     * stands. Only the caller's own sessions of this event are ever closed (the user is the token's).
     */
    takeOver: (caller: Caller, eventKey: string) => start(caller, eventKey, true),

    /**
     * The caller's player (the device holding the key) is still playing: its session stays open for another two
     * intervals.
     */
    async heartbeat(caller: Caller, sessionId: string, sessionKey: string | undefined): Promise<ViewingSession> {
      if (!UUID.test(sessionId) || !sessionKey) throw ended();
      const at = now();
      const keyHash = hashSessionKey(sessionKey);
      const kept = await uow.repos.viewingSessions.touch(
        sessionId,
        viewerOf(caller),
        keyHash,
        new Date(at),
        freshAfter(at),
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
    ): Promise<void> {
      if (!premium) return;
      const refused = () => new Conflict(STREAM_MESSAGES.sessionEnded);
      if (!sessionId || !UUID.test(sessionId) || !sessionKey) throw refused();
      const row = await uow.repos.viewingSessions.byId(sessionId);
      const mine = isMine(row, caller, hashSessionKey(sessionKey), eventId);
      const open = mine && row?.closed_at === null && row.last_seen_at.getTime() > freshAfter(now()).getTime();
      if (open) return;
      throw moved(mine, row) ? new Conflict(STREAM_MESSAGES.movedAway) : refused();
    },
  };
}
export type ViewingSessions = ReturnType<typeof createViewingSessions>;
/** An open's or a takeover's answer, with how many devices it stopped (for the route's message). */
type Started = OpenedViewingSession & { tookOver: number };

/** The stored hash and the presented key's, compared in constant time; a session without a key matches none. */
export function sameHash(stored: string | null, presented: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
