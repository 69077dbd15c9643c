import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, startServer } from '../../e2e/support/server';
import { exitOnMissedGoals, record } from './goals';
import { startAsNpmStart } from './npmStartServer';
import { median } from './playerStats';

/**
 * `npm run bench:api`: autocannon against a bare Fastify hello-world and our hottest reads, in the
 * same run, each server in its own process. BENCH_RUNS (3) runs of BENCH_SECONDS (10) per figure.
 *
 * - Quiet server (LOG_LEVEL=warn), 10 connections: the carousel (also as a revalidation answered
 *   304), an event page, the demo's capacity-limited event page (its seats figure at most a second
 *   old) and a category listing.
 * - The server as `npm start` runs it, with its default logging (one access line per request, to a
 *   file): the carousel, an event page and a listing at 10 and at 50 connections.
 *
 * Prints each run's req/s, p50, p99 and ratio to the hello-world at the same connections, then the
 * goals' medians and spreads: the limited event page and every `npm start` read ≥ 0.5×. Exits 1 when
 * a goal's median misses it or a read was refused. Not a test: figures, for the issue notes.
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const GOAL = 0.5;

type Sample = { rps: number; p50: number; p99: number; non2xx: number; requests: number };
type Target = { name: string; url: string; headers?: Record<string, string>; connections: number };

async function measure(t: Target, seconds = DURATION): Promise<Sample> {
  const result = await autocannon({
    url: t.url,
    connections: t.connections,
    duration: seconds,
    headers: t.headers ?? {},
  });
  // A revalidation's 304 is a success here.
  const refused = result.non2xx - (result['3xx'] ?? 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: refused + result.errors,
    requests: result.requests.total,
  };
}

async function startHello(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'helloServer.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { url: `http://127.0.0.1:${port}/hello`, stop: () => child.kill() };
}

/** Every read asks as a browser does: with a token and for a compressed answer. */
async function browserHeaders(baseUrl: string): Promise<Record<string, string>> {
  const token = ((await (await fetch(`${baseUrl}/v1/token/guest`)).json()) as { data: string }).data;
  return { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
}

const FILTER = encodeURIComponent(JSON.stringify({ deviceTypeId: '1', languageId: '1' }));
const LISTING = `/v1/pagecategory/listing?filter=${encodeURIComponent('{"path":"on-demand"}')}&start=0&limit=7`;
/** The demo's one capacity-limited event. */
const LIMITED = '/v1/asset/amber-radio-intimate-evening';

const loadavg = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function main() {
  // Production settings (no mail is sent while benchmarking reads; SMTP_URL only satisfies the config).
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: 'smtp://127.0.0.1:1',
  };
  console.log(`load average before: ${loadavg()} (${os.cpus().length} cores)`);
  const hello = await startHello();
  const quiet = await startServer({ ...production, LOG_LEVEL: 'warn' }).catch((err: unknown) => {
    hello.stop();
    throw err;
  });
  const logging = await startAsNpmStart(production).catch(async (err: unknown) => {
    hello.stop();
    await quiet.stop();
    throw err;
  });
  const samples = new Map<string, Sample[]>();
  const ratios = new Map<string, number[]>();
  let loggedRequests = 0;
  try {
    const q = { base: quiet.baseUrl, headers: await browserHeaders(quiet.baseUrl) };
    const l = { base: logging.baseUrl, headers: await browserHeaders(logging.baseUrl) };
    const etag = (await fetch(`${q.base}/v1/carousel?filter=${FILTER}`, { headers: q.headers })).headers.get('etag')!;
    const targets: Target[] = [
      { name: 'hello-world (bare Fastify), 10', url: hello.url, connections: 10 },
      { name: 'hello-world (bare Fastify), 50', url: hello.url, connections: 50 },
      {
        name: 'quiet: GET /v1/carousel',
        url: `${q.base}/v1/carousel?filter=${FILTER}`,
        headers: q.headers,
        connections: 10,
      },
      { name: 'quiet: GET /v1/asset/{id}', url: `${q.base}/v1/asset/1`, headers: q.headers, connections: 10 },
      {
        name: 'quiet: carousel, revalidated',
        url: `${q.base}/v1/carousel?filter=${FILTER}`,
        headers: { ...q.headers, 'if-none-match': etag },
        connections: 10,
      },
      { name: 'quiet: limited event page', url: `${q.base}${LIMITED}`, headers: q.headers, connections: 10 },
      { name: 'quiet: GET listing', url: `${q.base}${LISTING}`, headers: q.headers, connections: 10 },
    ];
    const npmStartReads = (connections: number): Target[] => [
      { name: `npm start: carousel, ${connections}`, url: `${l.base}/v1/carousel?filter=${FILTER}`, connections },
      { name: `npm start: event page, ${connections}`, url: `${l.base}/v1/asset/1`, connections },
      { name: `npm start: listing, ${connections}`, url: `${l.base}${LISTING}`, connections },
    ];
    targets.push(...[...npmStartReads(10), ...npmStartReads(50)].map((t) => ({ ...t, headers: l.headers })));

    // Warm-up: every server's code paths compiled before anything is timed.
    for (const t of targets) await measure(t, 1);
    const isNpmStart = (t: Target) => t.url.startsWith(l.base);
    loggedRequests = 0;
    const before = accessLines(logging.logFile);
    for (let run = 1; run <= RUNS; run += 1) {
      console.log(`\nrun ${run} of ${RUNS}: autocannon ${DURATION} s each (${new Date().toISOString()})\n`);
      console.log('endpoint                              conns    req/s   p50 ms  p99 ms  non-2xx  vs hello');
      const hellos = new Map<number, number>();
      for (const t of targets) {
        const s = await measure(t);
        if (t.url === hello.url) hellos.set(t.connections, s.rps);
        if (isNpmStart(t)) loggedRequests += s.requests;
        samples.set(t.name, [...(samples.get(t.name) ?? []), s]);
        const ratio = s.rps / hellos.get(t.connections)!;
        ratios.set(t.name, [...(ratios.get(t.name) ?? []), ratio]);
        console.log(
          `${t.name.padEnd(37)} ${String(t.connections).padStart(5)} ${s.rps.toFixed(0).padStart(8)} ${String(s.p50).padStart(8)} ${String(s.p99).padStart(7)} ${String(s.non2xx).padStart(8)}  ${ratio.toFixed(2)}×`,
        );
      }
    }
    await logging.stop();
    const written = accessLines(logging.logFile) - before;
    console.log(
      `\nnpm start's log: ${written} access lines for ${loggedRequests} timed requests ` +
        `(${(written / Math.max(1, loggedRequests)).toFixed(3)} a request; autocannon's last in-flight answers are not counted)`,
    );
  } finally {
    hello.stop();
    await quiet.stop();
    await logging.stop();
    // Three runs leave some 400 MB of access lines: counted above, not kept.
    fs.rmSync(path.dirname(logging.logFile), { recursive: true, force: true });
  }

  const goals = [
    'quiet: limited event page',
    ...['carousel', 'event page', 'listing'].flatMap((r) => [`npm start: ${r}, 10`, `npm start: ${r}, 50`]),
  ];
  console.log(`\nGoals (median of ${RUNS} runs; spread min–max) — load average after: ${loadavg()}\n`);
  console.log('| figure | req/s | ratio to hello-world | spread | goal | met? |');
  console.log('|---|---|---|---|---|---|');
  for (const name of ['hello-world (bare Fastify), 10', 'hello-world (bare Fastify), 50']) {
    const rps = samples.get(name)!.map((s) => s.rps);
    console.log(
      `| ${name} | ${median(rps).toFixed(0)} | 1.00× | ${Math.min(...rps).toFixed(0)}–${Math.max(...rps).toFixed(0)} req/s | — | info |`,
    );
  }
  for (const name of goals) {
    const r = ratios.get(name)!;
    const refused = samples.get(name)!.reduce((n, s) => n + s.non2xx, 0);
    const fast = record(`${name}: req/s ratio to hello-world (median)`, median(r), GOAL, '>=', '×');
    const met = record(`${name}: reads refused`, refused, 0, '<=') && fast;
    console.log(
      `| ${name} | ${median(samples.get(name)!.map((s) => s.rps)).toFixed(0)} | ${median(r).toFixed(2)}× | ` +
        `${Math.min(...r).toFixed(2)}–${Math.max(...r).toFixed(2)}× | ≥ ${GOAL}×${refused ? `, ${refused} refused` : ''} | ${met ? 'yes' : 'NO'} |`,
    );
  }
  exitOnMissedGoals();
}

/**
 * Lines of the `npm start` server's log that are a request's access line. Read in pieces: three runs
 * on a fast machine write more than the longest string Node can hold.
 */
function accessLines(file: string): number {
  const mark = Buffer.from('"msg":"request completed"');
  const piece = Buffer.alloc(16 * 1024 * 1024);
  const fd = fs.openSync(file, 'r');
  let count = 0;
  let kept = 0;
  try {
    for (;;) {
      const read = fs.readSync(fd, piece, kept, piece.length - kept, null);
      const end = kept + read;
      for (let at = piece.indexOf(mark); at !== -1 && at + mark.length <= end; at = piece.indexOf(mark, at + 1))
        count += 1;
      if (read === 0) return count;
      // The piece's last bytes may start a mark the next piece ends.
      kept = Math.min(mark.length - 1, end);
      piece.copy(piece, 0, end - kept, end);
      piece.fill(0, kept);
    }
  } finally {
    fs.closeSync(fd);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
