import type { FastifyBaseLogger } from 'fastify';
import type { ViewingSessionRepository } from './viewingSessionRepository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often one server looks for old rows to delete (on an open), and how many it deletes at once. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SWEEP_BATCH = 1000;

/**
 * Housekeeping of viewing sessions: now and then (at most every ten minutes per process, on an open)
 * the sessions older than a day are deleted, a batch at a time.
 */
export function createSessionSweep(deps: {
  repo: Pick<ViewingSessionRepository, 'sweep'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return async function sweepNowAndThen(at: number): Promise<void> {
    if (Math.abs(at - lastSweep) < SWEEP_EVERY_MS) return;
    lastSweep = at;
    try {
      const removed = await deps.repo.sweep(new Date(at - DAY_MS), SWEEP_BATCH);
      if (removed > 0) deps.log.info({ removed }, 'old viewing sessions deleted');
    } catch (err) {
      // Housekeeping: a failed sweep must not turn a viewer away; the next one catches up.
      deps.log.warn({ err }, 'deleting old viewing sessions failed');
    }
  };
}
