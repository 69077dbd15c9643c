import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { findChromium } from '../e2e/support/chromium';
import { e2eWorkers } from '../e2e/support/workers';
import { findNginx } from './cluster/clusterHarness';
import { testRedisUrl } from './utils/testRedis';
import { readJestRunReport } from './utils/jestRunReport';
import { describeProcs, killAll, leftSince, processSnapshot } from './utils/leftoverProcesses';
import { DEFAULT_ENGINES, missingEngines } from '../src/server/modules/live/ingest/engine';

/**
 * `npm test`: every suite, each jest run its own process. The server suites run on
 * jest-light-runner (package.json): a worker is a plain Node thread that runs file after file, so the
 * app and its dependencies load once per worker, not once per file (the PostgreSQL suites' jest CPU fell
 * from 110 to 59 s over the streams and console files; tests/utils/testTimeouts.setup.ts keeps jest's
 * time limits, which that runner leaves out). The other suites keep jest's own runner, a fresh module
 * registry per file (jsdom for the client), without --experimental-vm-modules (with it each file's
 * modules stayed in memory); a worker whose heap passes workerIdleMemoryLimit is replaced.
 *
 *   npm test                 all suites (PostgreSQL at TEST_DATABASE_URL, or the local one when it answers;
 *                            e2e when Chromium exists)
 *   npm test -- --unit       shared, client and server suites only
 *   npm test -- --side-by-side   the two lanes below at once
 *
 * Two lanes (see Step.lane), one after the other by default: the unit and API suites (shared,
 * client, server on PGlite, then on PostgreSQL); then 'production install'
 * (scripts/check-production-install.sh: builds the client when stale and the server, installs the
 * build with `npm ci --omit=dev` in a temporary folder and starts it with plain node), then the
 * browser journeys on that fresh build. Last, one at a time and alone: the cluster suite
 * (tests/cluster: real server processes on PostgreSQL and Redis behind nginx; TEST_REDIS_URL,
 * NGINX_PATH override where they are) and the live ingest journey, whose real encoders must keep
 * real time.
 *
 * Locally a suite whose PostgreSQL or Chromium is missing is skipped, loudly. With CI=true nothing
 * may be skipped: a missing piece fails the run, naming it (a green CI means every suite ran).
 */
const ROOT = path.resolve(__dirname, '..');
const JEST = require.resolve('jest/bin/jest');
const unitOnly = process.argv.includes('--unit');
const inCi = /^(1|true)$/i.test(process.env.CI ?? '');
/** `--side-by-side`: the unit lane and the browser lane at once (see Step.lane). */
const sideBySideAsked = process.argv.includes('--side-by-side');
const extra = process.argv.slice(2).filter((a) => a !== '--unit' && a !== '--side-by-side');
/**
 * Jest's default leaves one core to its parent, which only waits: on a 2-core machine that ran the
 * unit and API suites one file at a time. Each of their files has its own database (a PGlite copy,
 * or its own PostgreSQL schema), so they run a file per core. The cluster and browser suites share
 * one set of servers and stay in band.
 */
const EVERY_CORE = `--maxWorkers=${os.availableParallelism()}`;

/** A jest run (args), or another command (`command`) that passes by exiting 0: it counts as one test. */
type Step = {
  name: string;
  args: string[];
  env?: Record<string, string>;
  command?: string[];
  rerun?: boolean;
  /**
   * Where it runs. 'units', then 'browser' (each lane one step at a time), or both at once with
   * --side-by-side: the journeys mostly wait, but the unit and API suites already keep two cores busy,
   * and beside them server start-ups and hooks passed their time limits on a loaded machine, so at
   * once is a choice for a machine with cores to spare. 'alone' steps run after both, by themselves: the
   * cluster suite's restarts and outages, and the live journey's encoders, are timed against a
   * machine nobody else is loading.
   */
  lane: Lane;
};
type Lane = 'units' | 'browser' | 'alone';
const steps: Step[] = [
  // The pure logic again, with coverage printed against its floor (package.json coverageThreshold:
  // raise it as coverage rises, never lower it). Its tests also run in their own suites below, so
  // they are not counted twice in the total.
  {
    name: 'fast lane: pure logic, coverage floor',
    args: ['--selectProjects', 'fast', '--coverage', '--coverageReporters=text-summary'],
    rerun: true,
    lane: 'units',
  },
  { name: 'shared + client', args: ['--selectProjects', 'shared', 'client', EVERY_CORE], lane: 'units' },
  // Only the files whose outcome can depend on the kind of database, and a smoke file per module:
  // each says so on its first line (tests/utils/databaseRule.ts). Every API suite runs on PostgreSQL.
  {
    name: 'server on PGlite (files for both, and its own)',
    args: ['--selectProjects', 'server', EVERY_CORE],
    lane: 'units',
  },
];
const skipped: string[] = [];
/** The owner's budget for a whole CI run (README "Tests"): install, type check and lint are part of it. */
const CI_BUDGET_NOTE = "CI's budget is 25 minutes (1,500 s) for the whole of `bash .ci/run`";

/** The PostgreSQL to test against: TEST_DATABASE_URL, else the machine's own when it answers. */
async function findPostgres(): Promise<string | null> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const local = 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: local, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.end();
    return local;
  } catch {
    return null;
  }
}

/** True when the Redis the cluster suite uses answers PING. */
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(testRedisUrl(), {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function main() {
  if (unitOnly && inCi) {
    console.error('\n!!! CI=true runs every suite: `--unit` would skip PostgreSQL and Chromium. Run `npm test`.');
    process.exit(1);
  }
  // liveControlMedia.test.ts (server lanes) skips the feed pictures without ffmpeg and ffprobe.
  const noProbes = missingEngines(DEFAULT_ENGINES).filter((m) => m.startsWith('ff'));
  if (noProbes.length)
    skipped.push(
      `server: the control room's feed pictures: missing ${noProbes.join(', ')}. sudo apt-get install -y ffmpeg`,
    );
  if (!unitOnly) {
    const postgresUrl = await findPostgres();
    if (postgresUrl) {
      process.env.TEST_DATABASE_URL = postgresUrl;
      steps.push({
        name: 'server on PostgreSQL (every API suite)',
        args: ['--selectProjects', 'server-postgres', EVERY_CORE],
        lane: 'units',
      });
    } else {
      skipped.push(
        'server (PostgreSQL): no PostgreSQL answered. Set TEST_DATABASE_URL=postgres://USER@HOST:5432/DB (trust or password in the URL) and run again.',
      );
    }
    const clusterMissing = [
      postgresUrl ? null : 'PostgreSQL',
      findNginx() ? null : 'nginx (sudo apt-get install -y nginx, or NGINX_PATH)',
      (await redisAnswers())
        ? null
        : `Redis at ${testRedisUrl()} (sudo apt-get install -y redis-server, or TEST_REDIS_URL)`,
    ].filter(Boolean);
    if (clusterMissing.length === 0) {
      steps.push({
        name: 'cluster (nginx, 2 instances, PostgreSQL, Redis)',
        args: ['--selectProjects', 'cluster', '--runInBand'],
        lane: 'alone',
      });
    } else {
      skipped.push(`cluster: missing ${clusterMissing.join(', ')}.`);
    }
    steps.push({
      name: 'production install',
      args: [],
      command: ['bash', path.join('scripts', 'check-production-install.sh')],
      lane: 'browser',
    });
    // The live suite pushes real feeds into the real ingest: Debian's nginx RTMP module and ffmpeg.
    const liveMissing = missingEngines(DEFAULT_ENGINES);
    if (liveMissing.length)
      skipped.push(
        `e2e live ingest: missing ${liveMissing.join(', ')}. ` +
          'Install them: sudo apt-get install -y nginx libnginx-mod-rtmp ffmpeg fonts-dejavu-core',
      );
    if (findChromium()) {
      steps.push({
        name: 'e2e (Chromium)',
        args: ['--selectProjects', 'e2e', `--maxWorkers=${e2eWorkers()}`, '--testPathIgnorePatterns', 'live-ingest'],
        lane: 'browser',
      });
      // Four real encoders must keep real time for the angles to agree within 1.5 s: beside two
      // busy lanes they fell behind (a 120 s start-up timeout at load 22), so these journeys (the
      // live suite, then the README's live demo) run alone, one after the other.
      if (!liveMissing.length)
        steps.push({
          name: 'e2e live ingest (Chromium, real encoders)',
          args: ['--selectProjects', 'e2e', '--runInBand', 'e2e/live-ingest'],
          lane: 'alone',
        });
    } else {
      skipped.push(
        'e2e (Chromium): no Chromium at CHROME_PATH or /usr/bin/chromium. Install it: sudo apt-get install -y chromium',
      );
    }
  }
  if (inCi && skipped.length) {
    // Fail before running anything: a CI run that silently left a suite out would read as green.
    for (const s of skipped) console.error(`\n!!! CI=true and a suite cannot run: ${s}`);
    process.exit(1);
  }

  type Result = {
    name: string;
    ok: boolean;
    seconds: number;
    passed: number;
    failed: number;
    rerun: boolean;
    /** The one-minute load average when the step started: a noisy machine shows in it. */
    loadAtStart: number;
    /** What it left running when it ended (see tests/utils/leftoverProcesses.ts). */
    leftRunning: string;
    failures: string[];
    slowest: string[];
  };
  const results: Result[] = [];
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-jest-'));
  const runStarted = Date.now();
  const clock = () => `${Math.round((Date.now() - runStarted) / 1000)} s`;

  /**
   * One step as a child process. Beside another lane its output goes to a file and is printed whole
   * when it ends, so two suites' lines never interleave; the start is announced at once.
   */
  async function runStep(step: Step, i: number, besideOthers: boolean): Promise<void> {
    const started = Date.now();
    const loadAtStart = os.loadavg()[0]!;
    const before = processSnapshot();
    const report = path.join(reportDir, `${i}.json`);
    const [file, args] = step.command
      ? [step.command[0]!, step.command.slice(1)]
      : [process.execPath, [JEST, ...step.args, '--json', `--outputFile=${report}`, ...extra]];
    const log = path.join(reportDir, `${i}.log`);
    console.log(besideOthers ? `\n━━ ${step.name}: started at ${clock()} ━━` : `\n━━ ${step.name} ━━`);
    const out = besideOthers ? fs.openSync(log, 'w') : 'inherit';
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn(file, args, {
        cwd: ROOT,
        stdio: ['ignore', out, out],
        env: { ...process.env, ...step.env },
      });
      child.on('error', () => resolve(null));
      child.on('exit', (code) => resolve(code));
    });
    if (typeof out === 'number') {
      fs.closeSync(out);
      console.log(`\n━━ ${step.name}: ended at ${clock()} ━━`);
      process.stdout.write(fs.readFileSync(log));
    }
    // A suite's leftovers would load the machine under the suites after it: named, and in CI ended.
    // Beside another lane, a process of that lane's could look left behind, so none is judged.
    const left = besideOthers ? [] : leftSince(before);
    if (left.length) {
      console.log(`\n!!! ${step.name} left running: ${describeProcs(left)}${inCi ? ' (ended now)' : ''}`);
      if (inCi) killAll(left);
    }
    const counts = step.command
      ? {
          passed: status === 0 ? 1 : 0,
          failed: status === 0 ? 0 : 1,
          failures: status === 0 ? [] : [`${step.command.join(' ')} exited with ${status}`],
          slowest: [],
        }
      : readJestRunReport(report, ROOT);
    results[i] = {
      name: step.name,
      ok: status === 0 && counts.passed > 0,
      seconds: (Date.now() - started) / 1000,
      rerun: step.rerun === true,
      loadAtStart,
      leftRunning: describeProcs(left),
      ...counts,
    };
  }
  const lane = async (name: Lane, besideOthers: boolean) => {
    for (const [i, step] of steps.entries()) if (step.lane === name) await runStep(step, i, besideOthers);
  };
  const sideBySide = sideBySideAsked && steps.some((s) => s.lane === 'browser');
  if (sideBySide) await Promise.all([lane('units', true), lane('browser', true)]);
  else for (const name of ['units', 'browser'] as const) await lane(name, false);
  await lane('alone', false);

  console.log('\n━━ summary ━━');
  for (const r of results) {
    console.log(
      `${r.ok ? 'PASS' : 'FAIL'}  ${r.name}: ${r.passed} passed, ${r.failed} failed` +
        ` (${r.seconds.toFixed(1)} s, load ${r.loadAtStart.toFixed(1)} at its start)${r.rerun ? ', not in the total' : ''}`,
    );
    if (r.slowest.length) console.log(`      slowest: ${r.slowest.join(', ')}`);
    if (r.leftRunning) console.log(`      left running: ${r.leftRunning}`);
    for (const f of r.failures.slice(0, 8)) console.log(`      ✗ ${f}`);
    if (r.failures.length > 8) console.log(`      … and ${r.failures.length - 8} more`);
  }
  for (const s of skipped) console.log(`\n!!! SKIPPED ${s}`);
  const passed = results.filter((r) => !r.rerun).reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
  console.log(`\n${passed} passed, ${failed} failed`);
  // Each phase's seconds and the total, the last lines CI keeps: the budget is the whole CI run's.
  const total = (Date.now() - runStarted) / 1000;
  console.log(`\n${results.map((r) => `${r.name} ${r.seconds.toFixed(0)} s`).join(' · ')}`);
  console.log(`npm test took ${total.toFixed(0)} s (${(total / 60).toFixed(1)} min); ${CI_BUDGET_NOTE}`);
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

void main();
