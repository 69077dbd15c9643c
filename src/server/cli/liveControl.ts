import { loadConfig, type AppConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { deriveKeys } from '../modules/auth/keys';
import { createLiveRepository } from '../modules/live/liveRepository';
import { createLiveService, type LiveService } from '../modules/live/service';
import { DomainError } from '../platform/domainErrors';
import { askRunningServer, failCommand } from './runningServer';

/**
 * The live commands' way in: the running server on this machine when there is one (it also drops
 * encoders and restarts SRT listeners at once), else the database directly (nothing runs to tell).
 * Answers the command's data, or exits with the server's sentence.
 */
export async function liveCommand<T>(
  call: { path: string; body: Record<string, unknown> },
  direct: (service: LiveService) => Promise<T>,
): Promise<{ config: AppConfig; data: T }> {
  const config = loadConfig();
  const asked = await askRunningServer<T>(config, call);
  if (asked.reached) return { config, data: asked.data };
  const keys = deriveKeys(config.jwtSecret);
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrateToLatest(database.db);
    const service = createLiveService({
      repo: createLiveRepository(database.db),
      settings: config.live,
      srtKey: keys.srtPassphrases,
      relayKey: keys.ingestControl,
    });
    return { config, data: await direct(service) };
  } catch (err) {
    if (err instanceof DomainError) failCommand(err.message);
    throw err;
  } finally {
    await database.close();
  }
}
