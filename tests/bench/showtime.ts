import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer';
import { signedInContext } from '../../e2e/support/accounts';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/support/chromium';
import { ensureClientBuilt } from '../../src/server/cli/clientBuild';
import { openDatabase } from '../../src/server/db/database';
import { mediaServedByInstances, startCluster, type Cluster } from '../cluster/clusterHarness';
import { fanToken, livePremiumShow, makeTicketHolders } from '../cluster/ticketHolders';
import { exitOnMissedGoals, meets, record, type Compare } from './goals';
import { desktopViewer, readyViewer } from './liveWatch';
import { median, pct } from './playerStats';
import { processCpu, type CpuReading } from './processCpu';
import { emptyStats, sleep, type HerdStats, type ViewerPlan } from './showtimeViewer';

/**
 * `npm run bench:showtime`: the showtime herd. BENCH_VIEWERS (5000) ticket holders join a premium
 * live show within BENCH_JOIN_SECONDS (60) of its start, through nginx (docs/deploy/nginx.conf, the
 * edge) onto two instances on PostgreSQL and Redis, and keep a live player's traffic for
 * BENCH_WATCH_SECONDS (300) (showtimeViewer.ts); BENCH_BROWSERS (2) real Chromium viewers watch
 * meanwhile. Then, in the same run, BENCH_NODE_VIEWERS (500) do the same with Node serving every
 * media request (no edge) for BENCH_NODE_WATCH_SECONDS (120), for viewers per core on each path.
 * BENCH_RUNS (3) runs: median and spread of each figure beside its goal. BENCH_LOADERS (2) processes
 * make the herd's requests. BENCH_LOG_DIR keeps each instance's access lines of each run there.
 */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 5000);
const NODE_VIEWERS = Number(process.env.BENCH_NODE_VIEWERS ?? 500);
const JOIN_S = Number(process.env.BENCH_JOIN_SECONDS ?? 60);
const WATCH_S = Number(process.env.BENCH_WATCH_SECONDS ?? 300);
/** Node serving media is measured for its CPU per viewer: two minutes of watching show it. */
const NODE_WATCH_S = Number(process.env.BENCH_NODE_WATCH_SECONDS ?? Math.min(WATCH_S, 120));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BROWSERS = Number(process.env.BENCH_BROWSERS ?? 2);
const LOADERS = Number(process.env.BENCH_LOADERS ?? 2);
/** Where each instance's access lines go after each run's herd (LOG_LEVEL info), to see where time went. */
const LOG_DIR = process.env.BENCH_LOG_DIR;
const HEARTBEAT_S = 30;
const FIRST_FRAME_GOAL_MS = 2000;

type Phase = {
  viewers: number;
  stats: HerdStats;
  seconds: number;
  cpu: Record<string, number>;
  /** Cores while the herd joins (session opens and configs at their peak): the origin's sizing. */
  joinCpu: Record<string, number>;
  /** Media requests the instances answered (the rest came from the edge's cache). */
  originMedia: number;
  /** A browser that never played has no first frame (Infinity) and says why. */
  browsers: { firstFrame: number; stalls: number; failed?: string }[];
};

/** Every process that serves the herd, by role: nginx, each instance, PostgreSQL, Redis. */
function servingProcesses(cluster: Cluster): Record<string, number[] | string> {
  return {
    nginx: [cluster.nginxPid()!],
    ...Object.fromEntries(cluster.instances.map((s, i) => [`instance ${i + 1}`, [s.child.pid!]])),
    postgres: 'postgres',
    redis: 'redis-server',
  };
}

async function herd(o: {
  cluster: Cluster;
  eventId: number;
  eventPath: string;
  userIds: number[];
  media: 'edge' | 'node';
}): Promise<Phase> {
  const { cluster } = o;
  const chromium = o.media === 'edge' ? await chromiumViewers(o) : null;
  const watchS = o.media === 'edge' ? WATCH_S : NODE_WATCH_S;
  const startAt = Date.now() + 3000;
  const endAt = startAt + (JOIN_S + watchS) * 1000;
  const plans: ViewerPlan[] = o.userIds.map((userId, index) => ({
    index,
    userId,
    eventId: o.eventId,
    apiBase: cluster.url,
    mediaBase: o.media === 'edge' ? cluster.url : cluster.instances[index % cluster.instances.length]!.baseUrl,
    startAt: startAt + Math.floor((index * JOIN_S * 1000) / o.userIds.length),
    endAt: endAt + Math.floor((index * JOIN_S * 1000) / o.userIds.length) - JOIN_S * 1000,
    heartbeatSeconds: HEARTBEAT_S,
    tiles: index % 10 === 0,
  }));
  const shares = shareOut(plans, LOADERS);
  const loaders = Array.from({ length: LOADERS }, () =>
    fork(path.join(__dirname, 'showtimeLoader.ts'), { execArgv: ['--import', 'tsx'], stdio: 'inherit' }),
  );
  const results = loaders.map(
    (loader, i) =>
      new Promise<HerdStats>((resolve, reject) => {
        loader.once('message', (m) => resolve(m as HerdStats));
        loader.once('exit', (code) => (code ? reject(new Error(`loader ${i} exited ${code}`)) : undefined));
        loader.send(shares[i]!);
      }),
  );
  const processes = {
    ...servingProcesses(cluster),
    loaders: loaders.map((l) => l.pid!),
    ...(chromium?.pid ? { chromium: [chromium.pid] } : {}),
  };
  const originBefore = await mediaServedByInstances(cluster);
  // The browsers join spread over the herd's joining minute, as fans do, each among the herd.
  const browsers = chromium
    ? chromium.watch((i) => startAt + ((i + 1) * JOIN_S * 1000) / (BROWSERS + 1), Math.max(30, WATCH_S - 40))
    : Promise.resolve([]);
  // CPU counts while every viewer has joined and none has left: the herd at its full size.
  const full = { from: startAt + JOIN_S * 1000, to: startAt + Math.max(JOIN_S + 10, watchS) * 1000 };
  const cpuJoin = await waitUntilTime(startAt, () => processCpu(processes));
  const cpuAt = await waitUntilTime(full.from, () => processCpu(processes));
  const cpuEnd = await waitUntilTime(full.to, () => processCpu(processes));
  const seconds = (full.to - full.from) / 1000;
  const stats = mergeStats(await Promise.all(results));
  const perSecond = (from: CpuReading, to: CpuReading, s: number) =>
    Object.fromEntries(Object.keys(to).map((k) => [k, (to[k]! - (from[k] ?? 0)) / s])) as Record<string, number>;
  const cpu = perSecond(cpuAt, cpuEnd, seconds);
  const joinCpu = perSecond(cpuJoin, cpuAt, JOIN_S);
  return {
    viewers: o.userIds.length,
    stats,
    seconds,
    cpu,
    joinCpu,
    originMedia: (await mediaServedByInstances(cluster)) - originBefore,
    browsers: await browsers.finally(() => chromium?.close()),
  };
}

/**
 * The plans in `n` shares of equal work, in joining order: a viewer with tiles keeps nine tracks, so
 * sharing by index alone gave one loader every tile viewer, a full core, and its event loop's lag
 * counted as the edge's TTFB and as stalls.
 */
function shareOut(plans: ViewerPlan[], n: number): ViewerPlan[][] {
  const shares = Array.from({ length: n }, () => ({ plans: [] as ViewerPlan[], tracks: 0 }));
  for (const plan of plans) {
    const lightest = shares.reduce((a, b) => (b.tracks < a.tracks ? b : a));
    lightest.plans.push(plan);
    lightest.tracks += plan.tiles ? 9 : 1;
  }
  return shares.map((s) => s.plans);
}

async function waitUntilTime(at: number, read: () => CpuReading): Promise<CpuReading> {
  await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
  return read();
}

/**
 * BENCH_BROWSERS ticket holders in Chromium, each in its own context, waiting on the storefront's
 * home page (launched before the herd: a fan's browser is not the show's server's load). `watch`
 * sends each to the player at its time and keeps it watching through the edge.
 */
async function chromiumViewers(o: { cluster: Cluster; eventId: number; eventPath: string }) {
  if (BROWSERS === 0) return { pid: null, watch: async () => [], close: async () => {} };
  const chromium = findChromium();
  if (!chromium) throw new Error('Chromium is not installed (sudo apt-get install -y chromium), or BENCH_BROWSERS=0');
  const database = await openDatabase({ kind: 'postgres', url: o.cluster.databaseUrl, poolSize: 1 });
  const ids = await makeTicketHolders(database, o.eventId, BROWSERS, `showtime-browser-${Date.now()}`);
  await database.close();
  const browser = await puppeteer.launch({ executablePath: chromium, args: CHROMIUM_ARGS, headless: true });
  // A fan's browser runs on the fan's device, not on the show's servers: here it shares their two
  // cores, decoding ten tiles, so it takes only what they leave (lowest priority, its whole process
  // group, renderers forked later included). Its CPU is printed apart from the servers'.
  const pid = browser.process()?.pid ?? null;
  if (pid !== null) spawnSync('renice', ['-n', '19', '-g', String(pid)], { stdio: 'ignore' });
  const pages = await Promise.all(
    ids.map(async (userId) => {
      const fan = {
        email: `fan-${userId}@example.com`,
        token: fanToken(userId, 4 * 3600),
        userId,
        name: `Fan ${userId}`,
      };
      return readyViewer(await signedInContext(browser, fan, o.cluster.url), o.cluster.url);
    }),
  );
  return {
    pid,
    watch: (joinAt: (i: number) => number, seconds: number) =>
      Promise.all(
        pages.map(async (page, i) => {
          await sleep(joinAt(i) - Date.now());
          // A fan who never sees a picture is the run's worst figure, not a reason to lose the run's others.
          try {
            const watched = await desktopViewer({ page, baseUrl: o.cluster.url, event: o.eventPath, seconds });
            return { firstFrame: watched.firstFrame, stalls: watched.stalls.filter((s) => !s.seeking).length };
          } catch (error) {
            const failed = (error as Error).message.replace(/\s+/g, ' ').slice(0, 300);
            return { firstFrame: Number.POSITIVE_INFINITY, stalls: 0, failed };
          }
        }),
      ),
    close: () => browser.close(),
  };
}

function mergeStats(all: HerdStats[]): HerdStats {
  const merged = emptyStats();
  for (const s of all) {
    for (const key of ['sessionOpen', 'config', 'playlist', 'segment', 'startup'] as const)
      for (const v of s[key]) merged[key].push(v);
    for (const key of ['joined', 'stalls', 'stallMs', 'stalledViewers', 'mediaRequests', 'mediaBytes'] as const)
      merged[key] += s[key];
    for (const [k, v] of Object.entries(s.errors)) merged.errors[k] = (merged.errors[k] ?? 0) + v;
  }
  return merged;
}

const cores = (cpu: Record<string, number>, keys: (k: string) => boolean) =>
  Object.entries(cpu)
    .filter(([k]) => keys(k))
    .reduce((sum, [, v]) => sum + v, 0);
/** The processes that serve the show: not the herd's loaders, not the fans' browsers. */
const serving = (k: string) => k !== 'loaders' && k !== 'chromium';

function report(run: number, edge: Phase, node: Phase) {
  const s = edge.stats;
  const errors = Object.values(s.errors).reduce((a, b) => a + b, 0);
  const hit = 1 - edge.originMedia / Math.max(1, s.mediaRequests);
  const edgePerCore = edge.viewers / cores(edge.cpu, serving);
  const nodePerCore = node.viewers / cores(node.cpu, serving);
  const row = {
    joined: s.joined,
    joinsPerSecond: s.joined / JOIN_S,
    sessionOpenP50: pct(s.sessionOpen, 50),
    sessionOpenP99: pct(s.sessionOpen, 99),
    configP50: pct(s.config, 50),
    configP99: pct(s.config, 99),
    playlistP50: pct(s.playlist, 50),
    playlistP99: pct(s.playlist, 99),
    segmentP50: pct(s.segment, 50),
    segmentP99: pct(s.segment, 99),
    errors,
    stalls: s.stalls,
    stalledViewers: s.stalledViewers,
    hitRatio: hit,
    edgeViewersPerCore: edgePerCore,
    nodeViewersPerCore: nodePerCore,
    ratio: edgePerCore / nodePerCore,
    browserFirstFrameMax: Math.max(...edge.browsers.map((b) => b.firstFrame), 0),
    browserStalls: edge.browsers.reduce((a, b) => a + b.stalls, 0),
    nodeErrors: Object.values(node.stats.errors).reduce((a, b) => a + b, 0),
    nodeStalls: node.stats.stalls,
    nodeSegmentP99: pct(node.stats.segment, 99),
  };
  console.log(`\nrun ${run}: ${edge.viewers} viewers through the edge, ${node.viewers} with Node serving media`);
  console.log(
    `  joined ${s.joined}/${edge.viewers}; media requests ${s.mediaRequests}, ${(s.mediaBytes / 1e9).toFixed(2)} GB; startup p50 ${Math.round(pct(s.startup, 50))} ms`,
  );
  console.log(
    `  errors: ${errors ? JSON.stringify(s.errors) : 0}; stalls ${s.stalls} (${Math.round(s.stallMs)} ms in all, ${s.stalledViewers} viewers)`,
  );
  console.log(`  CPU (cores, while all watch) edge: ${fmtCpu(edge.cpu)}`);
  console.log(`  CPU (cores, while they join: ${(edge.viewers / JOIN_S).toFixed(0)} a second) ${fmtCpu(edge.joinCpu)}`);
  console.log(
    `  CPU (cores) Node serving media: ${fmtCpu(node.cpu)}; errors ${JSON.stringify(node.stats.errors)}; stalls ${node.stats.stalls}`,
  );
  console.log(
    `  Chromium viewers: ${edge.browsers.map((b) => (b.failed ? `never played: ${b.failed}` : `first frame ${Math.round(b.firstFrame)} ms, ${b.stalls} stalls`)).join('; ') || 'none'}`,
  );
  return row;
}
const fmtCpu = (cpu: Record<string, number>) =>
  Object.entries(cpu)
    .map(([k, v]) => `${k} ${v.toFixed(2)}`)
    .join(', ');

type Row = ReturnType<typeof report>;

/** The issue's floor: the herd one 2-core machine must carry. */
const SHOWTIME_VIEWERS_GOAL = 5000;

function summary(rows: Row[]): void {
  const line = (
    figure: string,
    pick: (r: Row) => number,
    unit: (n: number) => string,
    goal: string,
    target: [Compare, number] | null,
  ) => {
    const values = rows.map(pick);
    const med = median(values);
    // The median decides (recorded for the exit code); 'yes' when every run met the goal too.
    const met =
      target === null
        ? 'info'
        : !record(figure, med, target[1], target[0])
          ? 'NO'
          : values.every((v) => meets(v, target[1], target[0]))
            ? 'yes'
            : 'median';
    return [figure, unit(med), `${unit(Math.min(...values))}–${unit(Math.max(...values))}`, goal, met];
  };
  const msU = (n: number) => (Number.isFinite(n) ? `${Math.round(n)} ms` : 'never');
  const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  const pctU = (n: number) => `${(n * 100).toFixed(2)} %`;
  const table = [
    ['figure', 'median', 'spread (min–max)', 'goal', 'met?'],
    line('concurrent viewers of the main angle', (r) => r.joined, num, `≥ ${SHOWTIME_VIEWERS_GOAL}`, [
      '>=',
      SHOWTIME_VIEWERS_GOAL,
    ]),
    line(
      'joins per second',
      (r) => r.joinsPerSecond,
      num,
      `${(VIEWERS / JOIN_S).toFixed(0)} (all in ${JOIN_S} s)`,
      null,
    ),
    line('session open p50', (r) => r.sessionOpenP50, msU, '', null),
    line('session open p99', (r) => r.sessionOpenP99, msU, '≤ 250 ms', ['<=', 250]),
    line('stream config p50', (r) => r.configP50, msU, '', null),
    line('stream config p99', (r) => r.configP99, msU, '', null),
    line('playlist TTFB p50', (r) => r.playlistP50, msU, '', null),
    line('playlist TTFB p99', (r) => r.playlistP99, msU, '', null),
    line('segment TTFB p50', (r) => r.segmentP50, msU, '', null),
    line('segment TTFB p99', (r) => r.segmentP99, msU, '≤ 200 ms', ['<=', 200]),
    line('errors', (r) => r.errors, num, '0', ['<=', 0]),
    line('stalls', (r) => r.stalls, num, '0', ['<=', 0]),
    line('edge cache hit ratio', (r) => r.hitRatio, pctU, '≥ 99 %', ['>=', 0.99]),
    line('viewers per core, edge', (r) => r.edgeViewersPerCore, num, '', null),
    line('viewers per core, Node serving media', (r) => r.nodeViewersPerCore, num, '', null),
    line(
      'edge ÷ Node, viewers per core',
      (r) => r.ratio,
      (n) => `${n.toFixed(1)}×`,
      '',
      null,
    ),
    line('Chromium first frame (worst)', (r) => r.browserFirstFrameMax, msU, `≤ ${FIRST_FRAME_GOAL_MS} ms`, [
      '<=',
      FIRST_FRAME_GOAL_MS,
    ]),
    line('Chromium stalls', (r) => r.browserStalls, num, '0', ['<=', 0]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
  console.log(`\nbench:showtime — ${VIEWERS} viewers (joining in ${JOIN_S} s, watching ${WATCH_S} s), ${RUNS} runs`);
  for (const r of table) console.log(r.map((c, i) => String(c).padEnd(widths[i]!)).join('  '));
}

async function main() {
  process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  if (BROWSERS > 0) ensureClientBuilt();
  const cluster = await startCluster({
    instances: 2,
    env: {
      LOG_LEVEL: LOG_DIR ? 'info' : 'warn',
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://127.0.0.1:9',
      SEED_DEMO_DATA: 'true',
      CLIENT_DIST_DIR: path.resolve(__dirname, '../../dist'),
      VIEWING_HEARTBEAT_SECONDS: String(HEARTBEAT_S),
      // Each fan's own address would be a different one; the herd comes from this machine's.
      GUEST_ADDRESS_LIMIT_FACTOR: '1000',
    },
    nginx: { workers: 1, connections: 4 * (VIEWERS + 100) },
  });
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 4 });
  const rows: Row[] = [];
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      // The show starts now, for a fresh herd of ticket holders.
      const event = await livePremiumShow(database, 0);
      const fans = await makeTicketHolders(database, event.id, VIEWERS, `showtime-${run}-${Date.now()}`);
      const edge = await herd({ cluster, eventId: event.id, eventPath: event.path, userIds: fans, media: 'edge' });
      if (LOG_DIR)
        cluster.instances.forEach((s, i) =>
          fs.writeFileSync(path.join(LOG_DIR, `run${run}-instance${i + 1}.log`), s.output()),
        );
      const nodeFans = await makeTicketHolders(database, event.id, NODE_VIEWERS, `showtime-node-${run}-${Date.now()}`);
      const node = await herd({ cluster, eventId: event.id, eventPath: event.path, userIds: nodeFans, media: 'node' });
      rows.push(report(run, edge, node));
    }
  } finally {
    await database.close();
    await cluster.stop();
  }
  summary(rows);
  // For people and scripts: a figure whose median misses its goal makes the bench fail.
  exitOnMissedGoals();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
