import { loadConfig, type AppConfig } from '../config';
import { databaseOptionsFromConfig, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { deriveKeys } from '../modules/auth/keys';
import { createLiveRepository } from '../modules/live/repository';
import { createLiveService, type LiveService } from '../modules/live/service';
import { DomainError } from '../platform/errors';

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
  const keys = deriveKeys(config.jwtSecret);
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}${call.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ingest-token': keys.ingestControl },
      body: JSON.stringify(call.body),
    });
    const answer = (await res.json().catch(() => null)) as { message?: string; data?: T } | null;
    if (!res.ok) fail(answer?.message ?? `The server answered ${res.status}.`);
    return { config, data: answer!.data as T };
  } catch (err) {
    if (!isRefused(err)) throw err;
  }
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
    if (err instanceof DomainError) fail(err.message);
    throw err;
  } finally {
    await database.close();
  }
}

const isRefused = (err: unknown) =>
  err instanceof TypeError && (err.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
