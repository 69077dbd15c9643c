import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/server';

const ROOT = path.resolve(__dirname, '../..');

type LoggingServer = { baseUrl: string; logFile: string; stop: () => Promise<void> };

/**
 * The server as `npm start` runs it in production, with its default logging: NODE_ENV=production,
 * LOG_LEVEL unset (info), its standard output going to a file as a process manager's would. The
 * compiled server and tsx run the same code; tsx spares the bench a build.
 */
export async function startAsNpmStart(env: Record<string, string>): Promise<LoggingServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-bench-api-'));
  const logFile = path.join(dataDir, 'server.log');
  const out = fs.openSync(logFile, 'a');
  const { LOG_LEVEL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...inherited, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LIVE_INGEST: 'off', ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${fs.readFileSync(logFile)}`);
    if (
      await fetch(`${baseUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${fs.readFileSync(logFile)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    logFile,
    /** SIGTERM (the graceful stop, which writes out the log), then its data folder goes; the log is kept. */
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      for (const entry of fs.readdirSync(dataDir))
        if (entry !== 'server.log') fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    },
  };
}
