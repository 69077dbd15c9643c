import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { poll } from './waitUntil';

const ROOT = path.resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server printed so far (its log at LOG_LEVEL). */
  output: () => string;
  stop: () => Promise<void>;
};

/** The real server as a user runs it (built client, fresh DATA_DIR), on a free port. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-')),
): Promise<RunningServer> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    // Every journey's browser calls from 127.0.0.1: guests' per-address limits are widened, as for a venue's Wi-Fi.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      GUEST_ADDRESS_LIMIT_FACTOR: '100',
      // Journeys run side by side: only the live suite starts an ingest (on ports of its own).
      LIVE_INGEST: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const healthy = async () => {
    if (child.exitCode !== null) return 'exited';
    return (await fetch(`${baseUrl}/healthz`)).ok ? 'healthy' : 'unhealthy'; // throws while not listening
  };
  const state = await poll('the server to answer /healthz', healthy, (s) => s !== 'unhealthy', {
    timeout: 60_000,
    every: 200,
    context: () => `server output:\n${output.join('')}`,
  }).catch((err: Error) => {
    throw new Error(`server did not become healthy: ${err.message}`);
  });
  if (state === 'exited') throw new Error(`server exited (${child.exitCode}):\n${output.join('')}`);
  return {
    baseUrl,
    dataDir,
    child,
    output: () => output.join(''),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
