import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { runExclusively } from '../../db/exclusiveJob';
import type { PlaybackQuality } from './playbackQualityService';

/** How often old quality reports are looked for (so none outlives its period by more than this). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The retention period of quality reports holds whether or not anyone watches: once the server is
 * ready, and every hour, reports older than QOE_RETENTION_DAYS are deleted, by one instance at a time.
 */
export function scheduleQualityRetention(
  app: FastifyInstance,
  deps: { database: Database; quality: Pick<PlaybackQuality, 'deleteExpired'> },
): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    runExclusively(deps.database, 'delete-old-quality-reports', () => deps.quality.deleteExpired()).catch(
      (err: unknown) => app.log.warn({ err }, 'deleting old quality reports failed'),
    );
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
