import { isDatabaseUnreachable } from '../../platform/databaseErrors';
import { createOutageRecord, type OutageRecord } from '../../platform/outageRecord';
import type { ViewingSessionRepository } from './viewingSessionRepository';
import { silenceMs } from './viewingSessionService';
import { createTtlCache } from '../../platform/ttlCache';

/**
 * How long one server trusts what it read of a session: at most 5 s, and always less than one
 * heartbeat interval, so a closed or silent session's media stop within one interval.
 */
export const sessionStateCacheMs = (heartbeatSeconds: number) => Math.min(5_000, heartbeatSeconds * 500);

/** null: no row, a session opened during an outage and not yet written down (see isOpen). */
type SessionState = { eventId: number; closed: boolean; lastSeenMs: number } | null;

/**
 * Protected media ask this on every request of a premium event: is the viewing session its URL names
 * still open (not closed, not silent) and for this event? The database holds the answer (every
 * instance sees the same), read at most once per session per cache period, whatever the number of
 * tiles asking. Closed and silent sessions are never revived, so a "no" is as good as final.
 */
export function createViewingSessionGate(deps: {
  repo: Pick<ViewingSessionRepository, 'byId'>;
  heartbeatSeconds: number;
  now?: (() => number) | undefined;
  /** The database's last outage as this process saw it (shared with the viewing sessions). */
  outages?: OutageRecord | undefined;
}) {
  const now = deps.now ?? Date.now;
  const silence = silenceMs(deps.heartbeatSeconds);
  const outages = deps.outages ?? createOutageRecord(now);
  // An outage's time is not silence: no heartbeat could be written then.
  const seenLately = (s: NonNullable<SessionState>, at: number) =>
    s.lastSeenMs > at - silence - outages.forgivenMs(silence);
  const states = createTtlCache<string, SessionState>({
    ttlMs: sessionStateCacheMs(deps.heartbeatSeconds),
    max: 50_000,
    now,
    // An outage: what was read before it stands (a session closed then stays closed).
    staleOnError: isDatabaseUnreachable,
    load: async (id) => {
      try {
        const row = await deps.repo.byId(id);
        outages.succeeded();
        if (!row) return null;
        return { eventId: row.event_id, closed: row.closed_at !== null, lastSeenMs: row.last_seen_at.getTime() };
      } catch (error) {
        if (isDatabaseUnreachable(error)) outages.failed();
        throw error;
      }
    },
  });
  return {
    /**
     * The URL's signature (checked before) says this server granted the session these media. A
     * session without a row was opened while the database was out of reach (no other is ever
     * signed; rows go only a day after their URLs expired): it plays on its signature until its URLs
     * expire or it is written down. While the database cannot be read, what was read of the session
     * before stands, and a session never read plays on its signature: the outage is ours, and the
     * signature's life (two heartbeats) bounds what it lets through.
     */
    async isOpen(sessionId: string, eventId: number): Promise<boolean> {
      let state: SessionState;
      try {
        // A session open when read but silent since by what was read is read again: a heartbeat may have come.
        state = await states.get(sessionId, (s, at) => !s || s.closed || seenLately(s, at));
      } catch (error) {
        if (isDatabaseUnreachable(error)) return true;
        throw error;
      }
      if (state === null) return true;
      // During an outage no heartbeat is written: what was read before it stands until it is over.
      return !state.closed && state.eventId === eventId && (seenLately(state, now()) || states.stale(sessionId));
    },
  };
}
