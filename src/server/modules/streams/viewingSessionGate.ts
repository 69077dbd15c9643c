import type { ViewingSessionRepository } from './viewingSessionRepository';
import { silenceMs } from './viewingSessionService';
import { createTtlCache } from './ttlCache';

/**
 * How long one server trusts what it read of a session: at most 5 s, and always less than one
 * heartbeat interval, so a closed or silent session's media stop within one interval.
 */
export const sessionStateCacheMs = (heartbeatSeconds: number) => Math.min(5_000, heartbeatSeconds * 500);

type SessionState = { eventId: number; open: boolean; lastSeenMs: number } | null;

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
}) {
  const now = deps.now ?? Date.now;
  const silence = silenceMs(deps.heartbeatSeconds);
  const states = createTtlCache<string, SessionState>({
    ttlMs: sessionStateCacheMs(deps.heartbeatSeconds),
    max: 50_000,
    now,
    load: async (id) => {
      const row = await deps.repo.byId(id);
      if (!row) return null;
      const lastSeenMs = row.last_seen_at.getTime();
      return { eventId: row.event_id, open: row.closed_at === null && lastSeenMs > now() - silence, lastSeenMs };
    },
  });
  return {
    async isOpen(sessionId: string, eventId: number): Promise<boolean> {
      // A session open when read but silent since by what was read is read again: a heartbeat may have come.
      const state = await states.get(sessionId, (s, at) => !s?.open || s.lastSeenMs > at - silence);
      return state !== null && state.open && state.eventId === eventId && state.lastSeenMs > now() - silence;
    },
  };
}
