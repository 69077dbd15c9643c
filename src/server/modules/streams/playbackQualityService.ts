import type { FastifyBaseLogger } from 'fastify';
import type { PlaybackQualityBeacon } from '../../../shared/contract/playbackQuality';
import { NotFound } from '../../platform/domainErrors';
import type { PlaybackQualityRepository } from './playbackQualityRepository';
import { hashSessionKey, sameHash } from './viewingSessionKey';
import type { ViewingSessionRepository } from './viewingSessionRepository';
import { silenceMs } from './viewingSessionService';

/** What a beacon for a session that is not (or no longer) the sender's is told. */
export const QUALITY_SESSION_UNKNOWN = 'This viewing session is unknown or over: its quality is no longer recorded.';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** A session's last beacons (sent on leave) still count for this long after it ended (closed, or silent). */
const LATE_BEACON_MS = 5 * MINUTE_MS;
/** The player measures from pressing play, a moment before the server opened the session. */
const CLOCK_SLACK_MS = 5_000;
/** The largest figure a column holds (PostgreSQL integer). */
const INT_MAX = 2 ** 31 - 1;
/** Rows deleted at once by the retention sweep. */
const SWEEP_BATCH = 1000;

export type PlaybackQualityDeps = {
  sessions: Pick<ViewingSessionRepository, 'byId'>;
  quality: PlaybackQualityRepository;
  heartbeatSeconds: number;
  /** How long a session's figures are kept (QOE_RETENTION_DAYS). */
  retentionDays: number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  now?: (() => number) | undefined;
};

/**
 * The player's quality reports (docs/decisions.md "Watching"). A beacon proves itself with its
 * viewing session's key (sendBeacon sends no Authorization header), and everything else is taken
 * from the server's own records: the event is the session's, never the sender's word, and nothing
 * about the person is stored. A session's figures are kept for `retentionDays`.
 */
export function createPlaybackQuality(deps: PlaybackQualityDeps) {
  const now = deps.now ?? Date.now;
  const silence = silenceMs(deps.heartbeatSeconds);
  return {
    /**
     * Counts one beacon in its session's figures. 404 (one answer for all, as for heartbeats) when the
     * session is unknown, the key is not its own, or it ended more than a few minutes ago. A beacon
     * already counted, or overtaken by a later number, is accepted and not counted again.
     */
    async record(sessionId: string, beacon: PlaybackQualityBeacon): Promise<void> {
      const at = now();
      const session = await deps.sessions.byId(sessionId);
      // When it ended (or will, unheard from): its close, or its last heartbeat and the silence that frees it.
      const endedAt = session ? (session.closed_at?.getTime() ?? session.last_seen_at.getTime() + silence) : 0;
      if (!session || !sameHash(session.key_hash, hashSessionKey(beacon.sessionKey)) || endedAt < at - LATE_BEACON_MS)
        throw new NotFound(QUALITY_SESSION_UNKNOWN);
      // What the session's age allows (the player's clock runs a moment ahead of the open): watch
      // time (a total, or a sum) and startup alike, so a single beacon cannot claim a first frame later
      // than the session has existed (the guaranteed view's "no first frame within N s" reads this startup).
      const maxMs = Math.min(INT_MAX, Math.max(0, at - session.opened_at.getTime() + CLOCK_SLACK_MS));
      await deps.quality.add({
        sessionId,
        eventId: session.event_id,
        seq: beacon.seq,
        totals: beacon.totals === true,
        startupMs: beacon.startupMs === undefined ? null : Math.min(beacon.startupMs, maxMs),
        stalls: beacon.stalls,
        stallMs: beacon.stallMs,
        watchMs: beacon.playMs + beacon.stallMs,
        rungSwitches: beacon.rungSwitches,
        fatalErrors: beacon.fatalErrors,
        at: new Date(at),
        maxWatchMs: maxMs,
      });
    },

    /** Deletes the figures of sessions that last reported more than `retentionDays` ago; how many went. */
    async deleteExpired(): Promise<number> {
      const before = new Date(now() - deps.retentionDays * DAY_MS);
      let removed = 0;
      for (;;) {
        const n = await deps.quality.deleteOlderThan(before, SWEEP_BATCH);
        removed += n;
        if (n < SWEEP_BATCH) break;
      }
      if (removed > 0) deps.log.info({ removed, retentionDays: deps.retentionDays }, 'old quality reports deleted');
      return removed;
    },
  };
}
export type PlaybackQuality = ReturnType<typeof createPlaybackQuality>;
