import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { runExclusively } from '../../db/exclusiveJob';
import type { WaitlistService } from './service';

/** How often holds past their time are lapsed and new holds mailed (a hold outlives its time by at most this). */
const HOLD_SWEEP_EVERY_MS = 15 * 1000;

/**
 * The waiting list's clock: once the server is ready, and every 15 s, one instance at a time lapses
 * the holds past their time (each seat passes on to the next in line) and mails every hold not
 * mailed yet (the ones a refund, a leave or a raised capacity made too).
 */
export function scheduleHoldSweep(
  app: FastifyInstance,
  deps: { database: Database; waitlist: Pick<WaitlistService, 'sweep'> },
): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    runExclusively(deps.database, 'waitlist-holds', () => deps.waitlist.sweep()).then(
      (r) => {
        if (r.ran && (r.result.lapsed || r.result.mailed)) app.log.info(r.result, 'waitlist holds swept');
      },
      (err: unknown) => app.log.warn({ err }, 'waitlist hold sweep failed'),
    );
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), HOLD_SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
