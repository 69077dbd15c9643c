import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { STREAM_MESSAGES, type OpenedViewingSession, type ViewingSession } from '../../../shared/contract/streams';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Caller } from '../../platform/caller';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import type { Entitlements } from '../orders/entitlements';
import type { StreamRepositories } from './repositories';
import { hashSessionKey, newSessionKey } from './viewingSessionKey';

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

  return {
    async open(caller: Caller, eventKey: string): Promise<OpenedViewingSession> {
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
        // No ticket, so no limit; still a session, so the player works one way for every event.
        await uow.repos.viewingSessions.insert(session);
        log.info({ sessionId: id, eventId: event.id, ...who(caller) }, 'viewing session opened (free event)');
        return { ...answer(id), sessionKey };
      }
      if (caller.kind !== 'user' || !(await entitlements.ownsEvent(caller, event.id)))
        throw new Forbidden(STREAM_MESSAGES.notEntitled);
      const userId = caller.userId;
      const opened = await uow.transaction(async ({ viewingSessions }) => {
        // Plays of one ticket take turns (on every instance), so two devices never both see a free slot.
        await viewingSessions.lockTicket(userId, event.id);
        const count = await viewingSessions.countOpen(userId, event.id, freshAfter(at));
        if (count >= deviceLimit) return null;
        await viewingSessions.insert(session);
        return count + 1;
      });
      if (opened === null) {
        log.info({ eventId: event.id, userId, deviceLimit }, 'viewing session refused: device limit reached');
        throw new Conflict(STREAM_MESSAGES.deviceLimit(deviceLimit));
      }
      log.info({ sessionId: id, eventId: event.id, userId, open: opened, deviceLimit }, 'viewing session opened');
      return { ...answer(id), sessionKey };
    },

    /**
     * The caller's player (the device holding the key) is still playing: its session stays open for another two
     * intervals.
     */
    async heartbeat(caller: Caller, sessionId: string, sessionKey: string | undefined): Promise<ViewingSession> {
      if (!UUID.test(sessionId) || !sessionKey) throw ended();
      const at = now();
      const kept = await uow.repos.viewingSessions.touch(
        sessionId,
        viewerOf(caller),
        hashSessionKey(sessionKey),
        new Date(at),
        freshAfter(at),
      );
      if (!kept) throw ended();
      return answer(kept.id);
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
     * press play again, the same answer whatever was wrong). Free events need none.
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
      const open =
        row &&
        row.viewer === viewerOf(caller) &&
        row.event_id === eventId &&
        sameHash(row.key_hash, hashSessionKey(sessionKey)) &&
        row.closed_at === null &&
        row.last_seen_at.getTime() > freshAfter(now()).getTime();
      if (!open) throw refused();
    },
  };
}
export type ViewingSessions = ReturnType<typeof createViewingSessions>;

/** The stored hash and the presented key's, compared in constant time; a session without a key matches none. */
export function sameHash(stored: string | null, presented: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
