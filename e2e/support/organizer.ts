import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { baseUrl } from './browser';

const ROOT = path.resolve(__dirname, '../..');

/**
 * Makes an account an organizer as the operator does: `npm run organizer:grant -- EMAIL` on this
 * machine, which asks the running e2e server (same data folder, so the same secret; same port).
 */
export async function grantOrganizerByCommand(email: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the journeys start their server in globalSetup');
  const port = new URL(baseUrl()).port;
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'organizer:grant', '--', email], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: port, NODE_ENV: 'test' },
  });
  return stdout.trim();
}
