import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { STREAM_MESSAGES, type ViewingSession } from '../../../shared/contract/streams';
import type { UnitOfWork } from '../../db/unitOfWork';
import type { Caller } from '../../plugins/caller';
import { Conflict, Forbidden, NotFound } from '../../platform/errors';
import type { Entitlements } from '../orders/entitlements';

export type ViewingSessionDeps = {
  uow: UnitOfWork;
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

/** Whose sessions these are: a signed-in user's, or one guest token's. */
export const viewerOf = (caller: Caller) => (caller.kind === 'user' ? `user:${caller.userId}` : `guest:${caller.guestId}`);
/** What logs say of a caller: a user's id, never a guest token's subject. */
const who = (caller: Caller) => (caller.kind === 'user' ? { userId: caller.userId } : { viewer: 'guest' });

/**
 * The device limit (PRODUCT.md "Watching"): a premium event's ticket plays on at most `deviceLimit`
 * players at once. Each player opens a session on play, heartbeats, and closes it on leave; one
 * silent for twice the heartbeat interval frees its slot and is never revived. State lives in the
 * database, so every server instance counts the same sessions.
 */
export function createViewingSessions(deps: ViewingSessionDeps) {
  const { uow, entitlements, log } = deps;
  const { deviceLimit, heartbeatSeconds } = deps.config;
  const now = deps.now ?? Date.now;
  /** Sessions seen after this are open. */
  const freshAfter = (at: number) => new Date(at - 2 * heartbeatSeconds * 1000);
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
    async open(caller: Caller, eventKey: string): Promise<ViewingSession> {
      const at = now();
      await sweepNowAndThen(at);
      const event = await uow.repos.viewingSessions.event(eventKey);
      if (!event) throw new NotFound(`No event "${eventKey}"`);
      const id = crypto.randomUUID();
      const session = { id, eventId: event.id, userId: caller.kind === 'user' ? caller.userId : null, viewer: viewerOf(caller), at: new Date(at) };
      if (!event.is_premium) {
        // No ticket, so no limit; still a session, so the player works one way for every event.
        await uow.repos.viewingSessions.insert(session);
        log.info({ sessionId: id, eventId: event.id, ...who(caller) }, 'viewing session opened (free event)');
        return answer(id);
      }
      if (caller.kind !== 'user' || !(await entitlements.ownsEvent(caller, event.id))) throw new Forbidden(STREAM_MESSAGES.notEntitled);
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
      return answer(id);
    },

    /** The caller's player is still playing: its session stays open for another two intervals. */
    async heartbeat(caller: Caller, sessionId: string): Promise<ViewingSession> {
      if (!UUID.test(sessionId)) throw ended();
      const at = now();
      const kept = await uow.repos.viewingSessions.touch(sessionId, viewerOf(caller), new Date(at), freshAfter(at));
      if (!kept) throw ended();
      return answer(kept.id);
    },

    /** The caller's player left: its slot is free at once. Closing again answers the same. */
    async close(caller: Caller, sessionId: string): Promise<ViewingSession> {
      if (!UUID.test(sessionId)) throw ended();
      if (!(await uow.repos.viewingSessions.close(sessionId, viewerOf(caller), new Date(now())))) throw ended();
      return answer(sessionId);
    },

    /**
     * For the stream config: a premium event's config goes only to a player whose session is open,
     * the caller's own and for this event (409 otherwise: press play again). Free events need none.
     */
    async assertOpen(caller: Caller, eventId: number, premium: boolean, sessionId: string | undefined): Promise<void> {
      if (!premium) return;
      const refused = () => new Conflict(STREAM_MESSAGES.sessionEnded);
      if (!sessionId || !UUID.test(sessionId)) throw refused();
      const row = await uow.repos.viewingSessions.byId(sessionId);
      const open = row && row.viewer === viewerOf(caller) && row.event_id === eventId && row.closed_at === null
        && row.last_seen_at.getTime() > freshAfter(now()).getTime();
      if (!open) throw refused();
    },
  };
}
export type ViewingSessions = ReturnType<typeof createViewingSessions>;
