// The second half of scripts/backup-restore-check.sh: starts the storefront on the restored copy, as
// `npm start` would but on a free loopback port, and asks it what a shopper would. Exit 0 once it
// answers /readyz and shows every expected event with its title; 1 with what it got otherwise.
//
//   RESTORED_DATABASE_URL  the restored copy (the server migrates it if the dump is older than this build)
//   BACKUP_SCHEMA          optional: the schema restored, the server's search_path
//   EXPECTED_EVENTS        a JSON file: [{id, title}] of published events read from the source
//   DATA_DIR               an empty folder for the server's own files (its signing key, its mail outbox)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const READY_WITHIN_MS = 90_000;

/** This checkout's sources through tsx when it has them (as run-server-cli.mjs), else the build `npm start` runs. */
function serverCommand() {
  const source = path.join(root, 'src/server/main.ts');
  const built = path.join(root, 'dist-server/server/main.js');
  try {
    createRequire(path.join(root, 'package.json')).resolve('tsx');
    if (fs.existsSync(source)) return ['--import', 'tsx', source];
  } catch {
    // no tsx: a production install
  }
  if (fs.existsSync(built)) return [built];
  throw new Error(`the storefront is not built (${path.relative(root, built)} is missing): run npm run build first`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function restoredUrl() {
  const url = new URL(process.env.RESTORED_DATABASE_URL);
  if (process.env.BACKUP_SCHEMA) url.searchParams.set('options', `-c search_path=${process.env.BACKUP_SCHEMA}`);
  return url.toString();
}

const expected = JSON.parse(fs.readFileSync(process.env.EXPECTED_EVENTS, 'utf8'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let output = '';
// Only what the check sets: nothing of the caller's environment may send mail, charge a card or share
// Redis with a running shop. Without SMTP_URL and Stripe keys the server keeps mail in DATA_DIR and
// takes sandbox payments.
const child = spawn(process.execPath, serverCommand(), {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? '',
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: restoredUrl(),
    DATABASE_POOL_SIZE: '2',
    DATA_DIR: process.env.DATA_DIR,
    SEED_DEMO_DATA: 'false',
    LIVE_INGEST: 'off',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (b) => (output += b));
child.stderr.on('data', (b) => (output += b));
const exited = new Promise((resolve) => child.once('exit', resolve));

function fail(problem) {
  console.error(`restored copy does not serve: ${problem}\nthe server's output:\n${output.trim()}`);
  return 1;
}

async function check() {
  const deadline = Date.now() + READY_WITHIN_MS;
  let lastSeen = 'no answer';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      return fail(`the server exited (${child.exitCode ?? child.signalCode}) before /readyz answered 200`);
    try {
      const res = await fetch(`${base}/readyz`);
      lastSeen = `${res.status} ${await res.text()}`;
      if (res.status === 200) break;
    } catch (err) {
      lastSeen = String(err.cause ?? err);
    }
    if (Date.now() > deadline)
      return fail(`/readyz did not answer 200 within ${READY_WITHIN_MS / 1000} s (${lastSeen})`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const missing = [];
  for (const event of expected) {
    const res = await fetch(`${base}/v1/asset/${event.id}`);
    const body = await res.text();
    let shown;
    try {
      shown = JSON.parse(body).data?.[0]?.title;
    } catch {
      shown = undefined;
    }
    if (res.status !== 200 || shown !== event.title)
      missing.push(
        `event ${event.id} "${event.title}": ${res.status} ${shown === undefined ? body.slice(0, 200) : `"${shown}"`}`,
      );
  }
  if (missing.length)
    return fail(
      `${missing.length} of ${expected.length} published events not shown as in the source:\n  ${missing.join('\n  ')}`,
    );
  console.log(`restored copy serves: /readyz 200, ${expected.length} of ${expected.length} published events shown`);
  return 0;
}

let code;
try {
  code = await check();
} catch (err) {
  code = fail(String(err));
} finally {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  const stopped = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 15_000))]);
  if (stopped === 'timeout') child.kill('SIGKILL');
}
process.exit(code);
