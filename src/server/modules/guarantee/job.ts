import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { runExclusively } from '../../db/exclusiveJob';
import type { PlayRefusals } from './playRefusals';
import type { Guarantee } from './service';

/** How often shows that ended are judged (a decision within about a minute of the show's end and grace). */
const JUDGE_EVERY_MS = 60_000;
/** How often refusals waiting in memory are written down. */
const FLUSH_EVERY_MS = 5_000;

/**
 * The guaranteed view's periodic work, once the server is ready: the judge every minute (one
 * instance at a time, so two never decide and mail together), and this instance's refusals written
 * down every few seconds (and once more when it stops).
 */
export function scheduleGuarantee(
  app: FastifyInstance,
  deps: { database: Database; guarantee: Pick<Guarantee, 'evaluate'>; refusals: Pick<PlayRefusals, 'flush'> },
): void {
  const timers: NodeJS.Timeout[] = [];
  const judge = () =>
    runExclusively(deps.database, 'guaranteed-view', () => deps.guarantee.evaluate()).catch((err: unknown) =>
      app.log.warn({ err }, 'guaranteed view: judging ended shows failed; the next run tries again'),
    );
  app.addHook('onReady', async () => {
    timers.push(setInterval(() => void judge(), JUDGE_EVERY_MS).unref());
    timers.push(setInterval(() => void deps.refusals.flush(), FLUSH_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await deps.refusals.flush();
  });
}

/** The judge now, with no grace after a show's end (the loopback trigger and tests): how many it decided. */
export async function judgeNow(database: Database, guarantee: Pick<Guarantee, 'evaluate'>): Promise<number> {
  const run = await runExclusively(database, 'guaranteed-view', () => guarantee.evaluate({ graceMs: 0 }));
  return run.ran ? run.result : 0;
}
