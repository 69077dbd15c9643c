import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packagerArgs } from '../../src/server/modules/live/ingest/packager';
import { ladderFor } from '../../src/server/modules/live/liveFiles';

/**
 * bench:live's packaging phase: what the ingest's packager (ingest/packager.ts packagerArgs, the
 * server's x264 preset) costs on this machine, read from the kernel rather than from ffmpeg.
 *   - cores per angle: one packager paced in real time (`-re`) on a test source file, for one rung
 *     alone and for the whole ladder; CPU seconds (utime + stime of /proc/<pid>/stat, every thread)
 *     over wall seconds, measured after a warm-up so ffmpeg's start is left out;
 *   - the most angles packaged in real time: N packagers of the whole ladder at once on one source,
 *     N searched upwards (1, 2, 4, 8, 12, then halving the gap) until one of them falls behind.
 * A packager keeps up when its output advanced at ≥ 0.99 s of media per wall second over the window
 * (ffmpeg's `-progress` out_time_us): ffmpeg's own `speed=` counts from its start, so a packager that
 * keeps up but took 0.3 s to open its input reads 0.98x after 15 s (it is printed beside).
 */
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const SOURCE_SECONDS = 20;
const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const WARMUP_S = 3;
const KEEPS_UP = 0.99;
const MAX_ANGLES = 12;

export const SOURCES = [
  { height: 1080, width: 1920, kbps: 4500 },
  { height: 720, width: 1280, kbps: 2500 },
  { height: 180, width: 320, kbps: 300 },
] as const;
type Source = (typeof SOURCES)[number];

/** A 20 s 1080p30 / 720p30 / 180p30 test source (testsrc2, x264 keyframe every second, AAC tone), made once. */
function sourceFile(dir: string, s: Source): string {
  const file = path.join(dir, `testsrc2-${s.height}p30-${SOURCE_SECONDS}s.mp4`);
  if (fs.existsSync(file)) return file;
  const tmp = `${file}.part.mp4`;
  const made = spawnSync(
    FFMPEG,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `testsrc2=size=${s.width}x${s.height}:rate=30:duration=${SOURCE_SECONDS}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${SOURCE_SECONDS}`],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-g', '30', '-keyint_min', '30', '-sc_threshold', '0'],
      ...['-b:v', `${s.kbps}k`, '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k', tmp],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the ${s.height}p source: ${made.stderr}`);
  fs.renameSync(tmp, file);
  return file;
}

/**
 * The packager's arguments on a file paced in real time, reporting progress on stdout: the whole
 * ladder, or one rung alone (its own scale from the ladder's filter, its own encoder and muxer).
 */
function args(
  input: string,
  dir: string,
  preset: string,
  rung: number | 'ladder',
  source: { width: number; height: number },
): string[] {
  // The ladder the ingest packages for an encoder of this size (no rung taller than it).
  const all = packagerArgs({ input, dir, part: 1, preset, ladder: ladderFor(source), analyzeSeconds: 1.5 });
  const at = all.indexOf('-i');
  const head = [...all.slice(0, at), '-nostats', '-progress', 'pipe:1', '-re', '-t', String(SOURCE_SECONDS)];
  if (rung === 'ladder') return [...head, ...all.slice(at)];
  const filters = all[all.indexOf('-filter_complex') + 1]!.split(';');
  const blocks = all.slice(all.indexOf('-filter_complex') + 2);
  const starts = blocks.flatMap((a, i) => (a === '-map' && /^\[v\d+\]$/.test(blocks[i + 1] ?? '') ? [i] : []));
  const block = blocks.slice(starts[rung], starts[rung + 1] ?? blocks.length);
  const scale = filters[rung + 1]!.replace(`[s${rung}]`, '[0:v:0]');
  return [...head, '-i', input, '-filter_complex', scale, ...block];
}

const cpuTicks = (pid: number): number | null => {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
};

type Sample = { wall: number; ticks: number | null; outS: number | null; speed: string | null };
type Measured = { cores: number; rate: number; speed: string; failed: string | null };

/**
 * Runs packagers side by side for `seconds` and measures each over [WARMUP_S, seconds]: cores
 * (CPU seconds / wall seconds) and rate (media seconds written / wall seconds).
 */
async function runPackagers(argLists: string[][], seconds: number): Promise<Measured[]> {
  const runs = argLists.map((a) => {
    const child = spawn(FFMPEG, a, { stdio: ['ignore', 'pipe', 'pipe'] });
    const state = { outS: null as number | null, speed: null as string | null, err: '' };
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const [key, value] = line.split('=');
        if (key === 'out_time_us' && Number.isFinite(Number(value))) state.outS = Number(value) / 1e6;
        if (key === 'speed') state.speed = value!.trim();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => (state.err += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return { child, state, exited };
  });
  const started = performance.now() / 1000;
  const samples: Sample[][] = runs.map(() => []);
  const sample = () =>
    runs.forEach((r, i) =>
      samples[i]!.push({
        wall: performance.now() / 1000,
        ticks: cpuTicks(r.child.pid!),
        outS: r.state.outS,
        speed: r.state.speed,
      }),
    );
  while (performance.now() / 1000 - started < seconds) {
    sample();
    await new Promise((r) => setTimeout(r, 250));
  }
  sample();
  const early = runs.map((r) => r.child.exitCode !== null || r.child.signalCode !== null);
  for (const r of runs) r.child.kill('SIGINT');
  await Promise.all(runs.map((r) => r.exited));
  return runs.map((r, i) => {
    const mine = samples[i]!.filter((x) => x.ticks !== null);
    // The window opens after the warm-up (a packager with no output by then counts from 0 s of media).
    const a = mine.find((x) => x.wall - started >= WARMUP_S);
    const b = mine.at(-1);
    const failed = early[i] ? `ffmpeg stopped early: ${r.state.err.trim().slice(-300) || 'no output'}` : null;
    if (!a || !b || b.wall - a.wall < 1) return { cores: NaN, rate: 0, speed: b?.speed ?? '?', failed };
    const wall = b.wall - a.wall;
    return {
      cores: (b.ticks! - a.ticks!) / CLK_TCK / wall,
      rate: ((b.outS ?? 0) - (a.outS ?? 0)) / wall,
      speed: b.speed ?? '?',
      failed,
    };
  });
}

export type CpuTable = { source: number; rung: string; out: string; cores: number; rate: number }[];
export type MostAngles = { source: number; most: number; tried: { n: number; minRate: number; speeds: string[] }[] };

function outDir(root: string): string {
  return fs.mkdtempSync(path.join(root, 'out-'));
}

/** Cores per angle for each source × (each rung alone, the whole ladder). */
export async function coresPerAngle(o: { preset: string; seconds: number; log: (s: string) => void }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-cpu-'));
  const sourcesDir = path.join(os.tmpdir(), 'bench-live-sources');
  fs.mkdirSync(sourcesDir, { recursive: true });
  const table: CpuTable = [];
  try {
    for (const s of SOURCES) {
      const file = sourceFile(sourcesDir, s);
      const ladder = ladderFor(s);
      for (const rung of [...ladder.keys(), 'ladder' as const]) {
        const dir = outDir(root);
        const [m] = await runPackagers([args(file, dir, o.preset, rung, s)], o.seconds);
        if (m!.failed) throw new Error(`${s.height}p ${rung}: ${m!.failed}`);
        const heights = (rung === 'ladder' ? ladder : [ladder[rung]!]).map((r) => r.height ?? r.name);
        const name = rung === 'ladder' ? `ladder (${ladder.length} rungs)` : `${ladder[rung]!.name}p`;
        const out = heights.map((h) => `${h}p`).join(' + ');
        table.push({ source: s.height, rung: name, out, cores: m!.cores, rate: m!.rate });
        o.log(`  ${s.height}p source, ${name}: ${m!.cores.toFixed(2)} cores, ${m!.rate.toFixed(2)}x`);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  return table;
}

/** The most whole-ladder packagers that keep up at once on the `height`p source (0 when one alone does not). */
export async function mostAngles(o: {
  height: (typeof SOURCES)[number]['height'];
  preset: string;
  seconds: number;
  log: (s: string) => void;
}): Promise<MostAngles> {
  const source = SOURCES.find((s) => s.height === o.height)!;
  const file = sourceFile(path.join(os.tmpdir(), 'bench-live-sources'), source);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-live-angles-'));
  const tried: MostAngles['tried'] = [];
  const keepsUp = async (n: number) => {
    const lists = Array.from({ length: n }, () => args(file, outDir(root), o.preset, 'ladder', source));
    const measured = await runPackagers(lists, o.seconds);
    const minRate = Math.min(...measured.map((m) => m.rate));
    tried.push({ n, minRate, speeds: measured.map((m) => m.speed) });
    o.log(
      `  ${o.height}p × ${n}: slowest ${minRate.toFixed(3)}x (ffmpeg speed= ${measured.map((m) => m.speed).join(' ')})`,
    );
    for (const d of fs.readdirSync(root)) fs.rmSync(path.join(root, d), { recursive: true, force: true });
    return minRate >= KEEPS_UP;
  };
  try {
    let good = 0;
    let bad = MAX_ANGLES + 1;
    for (const n of [1, 2, 4, 8, MAX_ANGLES]) {
      if (await keepsUp(n)) good = n;
      else {
        bad = n;
        break;
      }
    }
    while (bad - good > 1 && good < MAX_ANGLES) {
      const n = Math.floor((good + bad) / 2);
      if (await keepsUp(n)) good = n;
      else bad = n;
    }
    return { source: o.height, most: good, tried };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
