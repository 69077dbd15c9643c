import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { GuaranteeRepository } from './guaranteeRepository';

/** A refusal as the request saw it: the event by its id or path, or the viewing session it named. */
type Refusal = {
  userId: number;
  eventRef: string | null;
  sessionId: string | null;
  status: number;
  route: string;
  at: Date;
};

/** The watching path's routes (the pattern Fastify matched), and where each names its event. */
const WATCHING_ROUTES: Record<string, (req: FastifyRequest) => { eventRef?: string; sessionId?: string }> = {
  '/v1/admin/asset/streamconfig/:id': (req) => ({ eventRef: String((req.params as { id?: unknown }).id ?? '') }),
  '/v1/viewing-sessions': (req) => ({ eventRef: String((req.body as { eventId?: unknown } | null)?.eventId ?? '') }),
  '/v1/viewing-sessions/takeover': (req) => ({
    eventRef: String((req.body as { eventId?: unknown } | null)?.eventId ?? ''),
  }),
  '/v1/viewing-sessions/:sessionId/heartbeat': (req) => ({
    sessionId: String((req.params as { sessionId?: unknown }).sessionId ?? ''),
  }),
};

/**
 * A ticket holder refused by our fault (a 5xx on the watching path), written down for the guaranteed
 * view off the request's path: answers go out first, refusals wait in a bounded buffer and are
 * written in batches. An outage of the database is exactly when they come, so a batch that cannot be
 * written stays for the next try; past `maxBuffered` the newest are counted and dropped (a log line
 * says how many). Whether the caller held a ticket is the judge's question, asked later: nothing
 * here reads the database on the request's path. Only ids, a status and a route are kept.
 */
export function createPlayRefusals(deps: {
  repo: Pick<GuaranteeRepository, 'addRefusals' | 'eventIds' | 'sessionEvents'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
  maxBuffered?: number;
  batch?: number;
}) {
  const now = deps.now ?? Date.now;
  const max = deps.maxBuffered ?? 10_000;
  const batchSize = deps.batch ?? 500;
  const buffer: Refusal[] = [];
  let dropped = 0;
  let flushing: Promise<number> | null = null;

  async function writeBatch(): Promise<number> {
    let written = 0;
    while (buffer.length) {
      const batch = buffer.slice(0, batchSize);
      const refs = [...new Set(batch.flatMap((r) => (r.eventRef ? [r.eventRef] : [])))];
      const sessions = batch.flatMap((r) => (r.sessionId ? [{ id: r.sessionId, userId: r.userId }] : []));
      // Throws while the database is out of reach: the batch stays in the buffer.
      const [events, sessionEvents] = await Promise.all([deps.repo.eventIds(refs), deps.repo.sessionEvents(sessions)]);
      const rows = batch.flatMap((r) => {
        const eventId = r.eventRef ? events.get(r.eventRef) : r.sessionId ? sessionEvents.get(r.sessionId) : undefined;
        return eventId === undefined ? [] : [{ userId: r.userId, eventId, status: r.status, route: r.route, at: r.at }];
      });
      await deps.repo.addRefusals(rows);
      buffer.splice(0, batch.length);
      written += rows.length;
    }
    return written;
  }

  return {
    /** Keeps a refusal for the next flush; never throws, never waits. */
    record(r: Omit<Refusal, 'at'>): void {
      if (buffer.length >= max) {
        dropped += 1;
        return;
      }
      buffer.push({ ...r, at: new Date(now()) });
    },

    /** Writes what waits; answers how many rows went in. A failure keeps them for the next call. */
    flush(): Promise<number> {
      flushing ??= writeBatch()
        .catch((err: unknown) => {
          deps.log.warn({ err, waiting: buffer.length }, 'play refusals kept for later: the database did not answer');
          return 0;
        })
        .finally(() => {
          flushing = null;
          if (dropped > 0) {
            deps.log.warn({ dropped }, 'play refusals dropped: the buffer was full');
            dropped = 0;
          }
        });
      return flushing;
    },

    waiting: () => buffer.length,

    /** The hook on every answer: a signed-in caller's 5xx on a watching route is kept. */
    onResponse(request: FastifyRequest, reply: FastifyReply): void {
      if (reply.statusCode < 500) return;
      const caller = request.caller;
      if (!caller || caller.kind !== 'user') return;
      const route = request.routeOptions.url;
      const where = route ? WATCHING_ROUTES[route] : undefined;
      if (!where || !route) return;
      const { eventRef, sessionId } = where(request);
      if (!eventRef && !sessionId) return;
      this.record({
        userId: caller.userId,
        eventRef: eventRef || null,
        sessionId: sessionId || null,
        status: reply.statusCode,
        route,
      });
    },
  };
}
export type PlayRefusals = ReturnType<typeof createPlayRefusals>;
