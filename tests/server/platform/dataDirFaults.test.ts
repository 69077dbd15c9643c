// @databases pglite: storage — the embedded database's DATA_DIR read-only or full at start
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../e2e/support/server';

/**
 * The embedded database's DATA_DIR on a read-only file system, or on a disk without room: the server
 * refuses to start with one sentence saying what to do and exit code 73, and writes nothing of the
 * database; given room, the same DATA_DIR starts. Each start runs in a mount namespace of its own
 * (unshare) with a small tmpfs as DATA_DIR, so the machine's disks are never filled. `unshare -r`
 * maps a non-root user to root inside the namespace, which the mount needs.
 */
const ROOT = path.resolve(__dirname, '../../..');
const unshare = process.getuid?.() === 0 ? ['-m'] : ['-r', '-m'];

type Run = { code: number | null; output: string };

/** Starts the server with DATA_DIR on a fresh tmpfs mounted with `mountOptions`; stops it once `until` is seen. */
function startOnTmpfs(mountOptions: string, until?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-fault-'));
    void freePort().then((port) => {
      // A start that is meant to fail says afterwards what it left in DATA_DIR; one that runs is stopped by signal.
      const start = '"$1" --import tsx src/server/main.ts';
      const script = `mount -t tmpfs -o ${mountOptions} tmpfs "$0" && ${until ? `exec ${start}` : `{ ${start}; code=$?; echo "left in DATA_DIR: [$(ls -A "$0/data" 2>/dev/null | tr '\\n' ' ')]"; exit $code; }`}`;
      const { DATABASE_URL: _db, JWT_SECRET: _secret, ...env } = process.env;
      const child = spawn('unshare', [...unshare, 'sh', '-c', script, mountPoint, process.execPath], {
        cwd: ROOT,
        env: {
          ...env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(mountPoint, 'data'),
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          LIVE_INGEST: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      const seen = (chunk: Buffer) => {
        output += chunk.toString();
        if (until?.test(output)) child.kill('SIGTERM');
      };
      child.stdout.on('data', seen);
      child.stderr.on('data', seen);
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(timer);
        fs.rmSync(mountPoint, { recursive: true, force: true });
        resolve({ code, output });
      });
    }, reject);
  });
}

it('a read-only DATA_DIR: one sentence, exit 73', async () => {
  const run = await startOnTmpfs('size=4m,ro');
  expect([run.code, run.output.trim().split('\n')]).toEqual([
    73,
    [
      expect.stringMatching(
        /^Cannot start: DATA_DIR \(.+\/data\) is on a read-only file system: point DATA_DIR at a writable folder\.$/,
      ),
      'left in DATA_DIR: []',
    ],
  ]);
}, 90_000);

it('a DATA_DIR without room for the database: one sentence, exit 73, nothing of the database written', async () => {
  const run = await startOnTmpfs('size=2m');
  expect([run.code, run.output.trim().split('\n')]).toEqual([
    73,
    [
      expect.stringMatching(
        /^Cannot start: the disk holding DATA_DIR \(.+\/data\) has [\d.]+ MiB free and the embedded database needs at least 64 MiB: free some space or point DATA_DIR at a larger disk\.$/,
      ),
      // Only the generated signing secret (65 bytes): no database folder.
      'left in DATA_DIR: [jwt-secret ]',
    ],
  ]);
}, 90_000);

it('the same start with room: migrates, seeds and listens', async () => {
  const run = await startOnTmpfs('size=256m', /Storefront running at/);
  expect(run.output).toMatch(/Storefront running at http:\/\/localhost:\d+/);
  expect(run.code).toBe(0);
}, 90_000);
