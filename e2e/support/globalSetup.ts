import { ensureClientBuilt } from '../../src/server/cli/clientBuild';
import { startServer } from './server';

/** Builds the client when stale, then starts one real server for every journey of the run. */
export default async function setup() {
  ensureClientBuilt();
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  // The operator's commands (npm run organizer:grant) reach this server through its data folder and port.
  process.env.E2E_DATA_DIR = server.dataDir;
  (globalThis as { __e2eServer?: typeof server }).__e2eServer = server;
}
