import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'puppeteer';
import { launchBrowser } from '../../e2e/support/browser';
import { startEncoder, type Encoder } from '../../e2e/support/liveEncoder';
import { freePort, startServer } from '../../e2e/support/server';
import { ensureClientBuilt } from '../../src/server/cli/clientBuild';
import { demoFreeStreams } from '../../src/server/db/seed/demoStreams';
import { coresPerAngle, mostAngles, type CpuTable, type MostAngles } from './liveCpu';
import { desktopRun, dropMain, phoneRun, type DesktopRun, type PhoneRun } from './liveWatch';
import { exitOnMissedGoals, record, type Compare } from './goals';
import { median, ms, pct } from './playerStats';

/**
 * `npm run bench:live`: real live, glass to glass. A free live show (3 camera angles and the program
 * cut) on the server in production settings with its real ingest (nginx-rtmp, ffmpeg packagers at
 * the server's x264 preset), fed by four ffmpeg encoders (320×180 test patterns stamped with the
 * wall clock as their capture clock, e2e/support/liveEncoder.ts), watched by guests in headless
 * Chromium. Each of BENCH_RUNS runs (default 3):
 *   1. desktop (1280×800, fresh context): joins, waits until every tile plays and BENCH_SETTLE_SECONDS
 *      (5), then watches BENCH_WATCH_SECONDS (120), sampling in the page every 250 ms:
 *      glass-to-glass latency = Date.now() − playingDate of the main tile (the capture moment of the
 *      frame on screen, hls.js from EXT-X-PROGRAM-DATE-TIME) and the angle offsets
 *      |playingDate(tile) − playingDate(main)| of every other playing tile;
 *   2. time to first frame: from the navigation start of /player/EVENT (the page's performance
 *      clock's 0) to the main tile's first `playing` event, on desktop and on bench:player's phone
 *      profile (playerNetwork.ts: 4× CPU, 9 Mbit/s, 170 ms RTT, cache off; the phone then watches
 *      BENCH_PHONE_WATCH_SECONDS, 30); also from the stream config answer (received) to that event;
 *      stalls: `waiting` of the main video after its first `playing`, from then to the end of the watch;
 *   3. then on the desktop page: the main feed's encoder killed, restarted 5 s later, and the time
 *      from the restart until the main tile plays a frame captured after it.
 * Then once (the show stopped, so nothing else of the bench runs): the packager's CPU per angle and
 * the most angles this machine packages in real time (liveCpu.ts; BENCH_CPU_SECONDS per measure, 12).
 * Prints every figure as the median of the runs and their spread beside its goal; exits 1 when one
 * misses. BENCH_SKIP_CPU=1 leaves the packaging phase out (while developing).
 */
const ROOT = path.resolve(__dirname, '../..');
const EVENT = 'bench-live';
const ANGLES = 3;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WATCH_S = Number(process.env.BENCH_WATCH_SECONDS ?? 120);
const SETTLE_S = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
const PHONE_WATCH_S = Number(process.env.BENCH_PHONE_WATCH_SECONDS ?? 30);
const CPU_S = Number(process.env.BENCH_CPU_SECONDS ?? 12);
const ANGLES_S = 15;
const DROP_S = 5;
const SKIP_CPU = process.env.BENCH_SKIP_CPU === '1';
const PRESET = process.env.LIVE_X264_PRESET ?? 'veryfast';

type Feed = { angle: number; name: string; rtmp: string; srt: string };
type Run = { desktop: DesktopRun; phone: PhoneRun; recovery: number };

function cli(env: Record<string, string>, tool: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `src/server/cli/${tool}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout;
}

/** A catalog with one free live event airing since a few seconds ago, its 3 angles and program from the ingest. */
function writeCatalog(dataDir: string): string {
  const file = path.join(dataDir, 'catalog.json');
  const streams = { ...demoFreeStreams, streamUrls: demoFreeStreams.streamUrls!.slice(0, ANGLES), layoutConfigs: [] };
  fs.writeFileSync(
    file,
    JSON.stringify({
      events: [
        {
          path: EVENT,
          title: 'Live Bench',
          contentType: 'Live',
          isPremium: false,
          airStartDate: new Date(Date.now() - 5_000).toISOString(),
          streams,
        },
      ],
    }),
  );
  return file;
}

async function showRuns(log: (s: string) => void): Promise<Run[]> {
  ensureClientBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: 'smtp://127.0.0.1:1',
    LIVE_INGEST: 'auto',
    LIVE_RTMP_PORT: String(await freePort()),
    LIVE_SRT_PORT_BASE: String(20_000 + Math.floor(Math.random() * 400) * 100),
    LIVE_INGEST_HOST: '127.0.0.1',
    LIVE_X264_PRESET: PRESET,
  };
  cli(env, 'importCatalog', writeCatalog(dataDir));
  const server = await startServer(env, dataDir);
  env.PORT = new URL(server.baseUrl).port;
  if (/Live ingest is off/.test(server.output())) throw new Error(`no ingest:\n${server.output()}`);
  const feeds = JSON.parse(cli(env, 'liveKeys', EVENT, '--json')) as Feed[];
  const push = (f: Feed) => startEncoder(f.rtmp, f.name, 300 + f.angle * 110);
  const encoders = new Map<number, Encoder>(feeds.map((f) => [f.angle, push(f)]));
  const browser = await launchBrowser();
  const runs: Run[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) {
      let recovery = NaN;
      const desktop = await desktopRun({
        browser,
        baseUrl: server.baseUrl,
        event: EVENT,
        tiles: ANGLES + 1,
        settle: SETTLE_S,
        seconds: WATCH_S,
        keep: async (page: Page) => {
          const main = await page.evaluate(
            () => (window as unknown as { __allaccessPlayer: { main: number } }).__allaccessPlayer.main,
          );
          const feed = feeds.find((f) => f.angle === main)!;
          const dropped = await dropMain({
            page,
            encoder: encoders.get(main)!,
            restart: () => push(feed),
            downSeconds: DROP_S,
            main,
          });
          encoders.set(main, dropped.encoder);
          recovery = dropped.recovery;
        },
      });
      log(
        `  run ${i + 1}, desktop: first frame ${ms(desktop.firstFrame)} (config → frame ${ms(desktop.fromConfig)}), ` +
          `latency p50 ${ms(pct(desktop.latency, 50))} p95 ${ms(pct(desktop.latency, 95))}, ` +
          `offset p95 ${ms(pct(desktop.offsets, 95))} (${desktop.offsets.length} samples), ` +
          `stalls ${desktop.stalls.length}, drop recovery ${ms(recovery)}`,
      );
      // The program back from the drop: the phone joins a steady show.
      await new Promise((r) => setTimeout(r, SETTLE_S * 1000));
      const phone = await phoneRun({ browser, baseUrl: server.baseUrl, event: EVENT, seconds: PHONE_WATCH_S });
      log(
        `  run ${i + 1}, phone: first frame ${ms(phone.firstFrame)} (config → frame ${ms(phone.fromConfig)}), ` +
          `stalls ${phone.stalls}, latency p50 ${ms(phone.latencyP50)}`,
      );
      runs.push({ desktop, phone, recovery });
    }
  } finally {
    await browser.close();
    await Promise.all([...encoders.values()].map((e) => e.stop()));
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return runs;
}

type Row = { figure: string; values: number[]; unit: (n: number) => string; goal: string; met: boolean | null };

const count = (n: number) => String(n);
const cores = (n: number) => n.toFixed(2);
const cell = (r: Row) => {
  const finite = r.values.filter(Number.isFinite);
  const med = r.values.some((v) => !Number.isFinite(v)) ? 'missed' : r.unit(median(r.values));
  const spread = finite.length > 1 ? `${r.unit(Math.min(...finite))}–${r.unit(Math.max(...finite))}` : '—';
  return { med, spread };
};

function table(rows: Row[]): string {
  const lines = rows.map((r) => {
    const { med, spread } = cell(r);
    return [r.figure, med, spread, r.goal, r.met === null ? 'info' : r.met ? 'yes' : 'NO'];
  });
  const head = ['figure', 'median', 'spread (min–max)', 'goal', 'met?'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (l: string[]) => `| ${l.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [fmt(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmt)].join('\n');
}

function printCpu(t: CpuTable, most: MostAngles[]) {
  console.log(`\nPackager CPU per angle (x264 ${PRESET}, paced -re, ${CPU_S} s each, after a 3 s warm-up)`);
  console.log('cores = CPU s / wall s; per real-time angle = cores / rate (what one angle costs when it keeps up)\n');
  console.log('| source | rung | out | cores | rate | cores per real-time angle |');
  console.log('|---|---|---|---|---|---|');
  for (const r of t)
    console.log(
      `| ${r.source}p | ${r.rung} | ${r.out} | ${cores(r.cores)} | ${r.rate.toFixed(2)}x | ` +
        `${cores(r.cores / r.rate)}${r.rate < 0.99 ? ' (fell behind: starved)' : ''} |`,
    );
  for (const m of most)
    console.log(
      `most angles in real time on the ${m.source}p source: ${m.most} ` +
        `(tried ${m.tried.map((x) => `${x.n}→${x.minRate.toFixed(2)}x`).join(', ')}; slowest packager's rate)`,
    );
}

async function main() {
  const log = (s: string) => process.stdout.write(`${s}\n`);
  const started = new Date().toISOString();
  log(
    `bench:live: ${RUNS} runs, watch ${WATCH_S} s, phone watch ${PHONE_WATCH_S} s, x264 ${PRESET}, ${os.cpus().length} cores`,
  );
  const runs = await showRuns(log);
  let cpu: CpuTable = [];
  const most: MostAngles[] = [];
  if (!SKIP_CPU) {
    log('packaging phase:');
    cpu = await coresPerAngle({ preset: PRESET, seconds: CPU_S, log });
    for (const height of [180, 1080] as const)
      most.push(await mostAngles({ height, preset: PRESET, seconds: ANGLES_S, log }));
  }

  const d = runs.map((r) => r.desktop);
  const p = runs.map((r) => r.phone);
  const rows: Row[] = [];
  /** A figure's median beside its goal (`at` `goal`), recorded; without a goal, for information. */
  const add = (
    figure: string,
    values: number[],
    unit: Row['unit'],
    target: { at: Compare; goal: number; label?: string } | null,
  ) => {
    const value = values.every(Number.isFinite) ? median(values) : NaN;
    rows.push({
      figure,
      values,
      unit,
      goal: target ? (target.label ?? `${target.at === '<=' ? '≤' : '≥'} ${unit(target.goal)}`) : '—',
      met: target && record(figure.trim(), value, target.goal, target.at, unit === ms ? 'ms' : ''),
    });
  };
  add(
    'glass-to-glass latency p50, desktop',
    d.map((x) => pct(x.latency, 50)),
    ms,
    { at: '<=', goal: 3000 },
  );
  add(
    'glass-to-glass latency p95, desktop',
    d.map((x) => pct(x.latency, 95)),
    ms,
    { at: '<=', goal: 5000 },
  );
  add(
    'first frame, desktop (navigation → playing)',
    d.map((x) => x.firstFrame),
    ms,
    { at: '<=', goal: 1000 },
  );
  add(
    '  of which stream config answer → playing',
    d.map((x) => x.fromConfig),
    ms,
    null,
  );
  add(
    'first frame, phone (navigation → playing)',
    p.map((x) => x.firstFrame),
    ms,
    { at: '<=', goal: 2500 },
  );
  add(
    '  of which stream config answer → playing',
    p.map((x) => x.fromConfig),
    ms,
    null,
  );
  const stalls = d.map((x) => x.stalls.length);
  const stallsFigure = `stalls of the main video, desktop, ${WATCH_S} s watch`;
  rows.push({
    figure: stallsFigure,
    values: stalls,
    unit: count,
    goal: '0 in every run',
    met: record(`${stallsFigure} (most in one run)`, Math.max(...stalls), 0, '<='),
  });
  add(
    `stalls of the main video, phone, ${PHONE_WATCH_S} s watch`,
    p.map((x) => x.stalls),
    count,
    null,
  );
  add(
    'angle offset to main p95, desktop',
    d.map((x) => pct(x.offsets, 95)),
    ms,
    { at: '<=', goal: 33 },
  );
  add(
    'main feed back after encoder restart',
    runs.map((r) => r.recovery),
    ms,
    { at: '<=', goal: 3000 },
  );
  for (const height of [1080, 720, 180]) {
    const ladder = cpu.find((c) => c.source === height && c.rung.startsWith('ladder'));
    if (ladder) add(`cores per angle, ladder, ${height}p source`, [ladder.cores], cores, null);
  }
  for (const m of most)
    add(
      `most angles packaged in real time, ${m.source}p`,
      [m.most],
      count,
      m.source === 180 ? { at: '>=', goal: 4, label: '≥ 4 (this show)' } : null,
    );

  console.log(
    `\nLive bench, /player/${EVENT}: ${ANGLES} angles + program from 320×180 encoders, ${RUNS} runs (${started})`,
  );
  console.log(
    `Samples per run (latency / offsets): ${d.map((x) => `${x.latency.length}/${x.offsets.length}`).join(', ')}; ` +
      `latency p50 per run ${d.map((x) => ms(pct(x.latency, 50))).join(', ')}`,
  );
  for (const [i, x] of d.entries())
    if (x.stalls.length)
      console.log(
        `  run ${i + 1} stalls at ${x.stalls.map((s) => `${ms(s.at)}${s.seeking ? ' (seek)' : ''}`).join(', ')}`,
      );
  if (cpu.length) printCpu(cpu, most);
  console.log(`\n${table(rows)}\n`);
  exitOnMissedGoals();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
