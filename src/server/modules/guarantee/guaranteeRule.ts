import type { GuaranteeRule } from '../../db/schema';

/** The event's thresholds (its settings, migration 0020). */
type GuaranteeThresholds = { startupSeconds: number; stallPercent: number };

/** One viewing session of the ticket holder that overlapped the live show, with its quality figures. */
export type SessionFigures = {
  sessionId: string;
  openedAt: Date;
  /** Null: the player never reported on this session (no row in playback_quality). */
  quality: { startupMs: number | null; stallMs: number; watchMs: number; lastAt: Date } | null;
};

/** A refusal by our fault (a 5xx on the watching path) during the show. */
export type RefusalFigures = { status: number; route: string; at: Date };

type GuaranteeVerdict = { rule: GuaranteeRule; evidence: Record<string, unknown> };

/**
 * Below this much watching (summed over the show), stalls are not judged: two seconds of which one
 * stalled is a join, not a show spoiled. Documented in docs/decisions.md "After the purchase".
 */
const MIN_WATCH_MS = 30_000;

/**
 * The guaranteed view's rule for one ticket over one live show (docs/decisions.md "After the
 * purchase"), in this order, the first that holds fires:
 * - 'no_first_frame': a session whose first frame came later than `startupSeconds` after trying,
 *   or that tried that long and never had one. Trying starts at the session's open, or at the show's
 *   start for a player opened before it (waiting for the show is not waiting for us). A session the
 *   player never reported on is no evidence either way.
 * - 'refused': a 5xx on the watching path during the show.
 * - 'stalled': stalled time over watching time, summed over the sessions, above `stallPercent`, with
 *   at least MIN_WATCH_MS watched.
 * Null: a good viewing, nothing fires.
 */
export function judgeTicket(
  show: { startedAt: Date; endedAt: Date },
  sessions: SessionFigures[],
  refusals: RefusalFigures[],
  t: GuaranteeThresholds,
): GuaranteeVerdict | null {
  const thresholdMs = t.startupSeconds * 1000;
  for (const s of sessions) {
    if (!s.quality) continue;
    const waitedForShowMs = Math.max(0, show.startedAt.getTime() - s.openedAt.getTime());
    const tryFrom = s.openedAt.getTime() + waitedForShowMs;
    if (s.quality.startupMs !== null) {
      const startupMs = s.quality.startupMs - waitedForShowMs;
      if (startupMs > thresholdMs)
        return {
          rule: 'no_first_frame',
          evidence: { sessionId: s.sessionId, startupMs, thresholdSeconds: t.startupSeconds },
        };
    } else {
      const triedMs = s.quality.lastAt.getTime() - tryFrom;
      if (triedMs >= thresholdMs)
        return {
          rule: 'no_first_frame',
          evidence: { sessionId: s.sessionId, startupMs: null, triedMs, thresholdSeconds: t.startupSeconds },
        };
    }
  }
  const during = refusals.filter((r) => r.at >= show.startedAt && r.at <= show.endedAt);
  if (during.length) {
    const first = during.reduce((a, b) => (a.at <= b.at ? a : b));
    return {
      rule: 'refused',
      evidence: {
        refusals: during.length,
        firstStatus: first.status,
        firstRoute: first.route,
        firstAt: first.at.toISOString(),
      },
    };
  }
  const reported = sessions.filter((s) => s.quality);
  const stallMs = reported.reduce((n, s) => n + s.quality!.stallMs, 0);
  const watchMs = reported.reduce((n, s) => n + s.quality!.watchMs, 0);
  if (watchMs >= MIN_WATCH_MS) {
    const stallPercent = (stallMs * 100) / watchMs;
    if (stallPercent > t.stallPercent)
      return {
        rule: 'stalled',
        evidence: {
          stallMs,
          watchMs,
          stallPercent: Math.round(stallPercent * 10) / 10,
          thresholdPercent: t.stallPercent,
          sessions: reported.length,
          minWatchMs: MIN_WATCH_MS,
        },
      };
  }
  return null;
}
