import type { Browser, Page } from 'puppeteer';
import { angleOfDir, emulatePhone, PHONE, recordMediaTransfers, rungOfFile, type MediaTransfer } from './playerNetwork';
import { record } from './goals';
import { installMediaProbe, mediaSnapshot, type Stall } from './playerProbe';
import { median, ms, pct, spread } from './playerStats';

/**
 * bench:player's phone mode (BENCH_PROFILE=phone): each run a fresh browser context on an emulated
 * phone (playerNetwork.ts PHONE) opens the player, makes camera angle 1 the main one (key 1, as a
 * viewer picks an angle), then watches for `minutes` while sampling sync every 250 ms. It reports
 * load times, stalls (a video that had played waiting again), sync, the bytes per minute that
 * crossed the link for the main angle and for the other tiles, and the rung each tile ended on.
 */
export type PhoneRun = {
  firstFrame: number;
  allPlaying: number;
  tiles: number;
  stalls: Stall[];
  syncP95: number;
  syncSamples: number;
  mainBytesPerMin: number;
  tileBytesPerMin: number;
  rungs: Record<number, { fetched: string; playing: number | null }>;
};

const MAIN_ANGLE = 1;
type Diagnostics = { main: number; tiles: { angle: number; height: number | null }[] };

async function watch(page: Page, seconds: number): Promise<number[]> {
  const offsets: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    const snap = await mediaSnapshot(page);
    const main = snap.videos.find((v) => v.main);
    if (main?.playing)
      for (const v of snap.videos)
        if (v !== main && v.playing) offsets.push(Math.abs(v.currentTime - main.currentTime) * 1000);
    await new Promise((r) => setTimeout(r, 250));
  }
  return offsets;
}

/** The rung each angle fetched last within the window (from the segments' names). */
function lastRungs(transfers: MediaTransfer[]): Map<number, string> {
  const rungs = new Map<number, string>();
  for (const t of transfers) {
    const angle = angleOfDir(t.dir);
    if (angle !== null && t.file.endsWith('.ts')) rungs.set(angle, rungOfFile(t.file));
  }
  return rungs;
}

export async function phoneRun(browser: Browser, baseUrl: string, event: string, minutes: number): Promise<PhoneRun> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const { cdp, transfers } = await recordMediaTransfers(page);
    await emulatePhone(page, cdp);
    await installMediaProbe(page);
    // a guest token, as a visitor arriving
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0', timeout: 60_000 });
    await page.goto(`${baseUrl}/player/${event}`, { waitUntil: 'domcontentloaded' });
    await page.waitForFunction(
      () => {
        const probe = (window as unknown as { __mediaProbe: { playingSince: Record<string, number> } }).__mediaProbe;
        const videos = document.querySelectorAll('video');
        return videos.length >= 9 && Object.keys(probe.playingSince).length >= videos.length;
      },
      { timeout: 60_000, polling: 100 },
    );
    const loaded = await mediaSnapshot(page);
    const times = Object.values(loaded.playingSince);

    await page.bringToFront();
    await page.evaluate(
      (k) => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })),
      String(MAIN_ANGLE),
    );
    await new Promise((r) => setTimeout(r, 5000)); // the new main angle switches up, the tiles settle
    const watchStart = Date.now();
    const startedAt = await page.evaluate(() => performance.now());
    const offsets = await watch(page, minutes * 60);
    const watched = (Date.now() - watchStart) / 60_000;
    const end = await mediaSnapshot(page);
    const diagnostics = (await page.evaluate(
      () => (window as unknown as { __allaccessPlayer: unknown }).__allaccessPlayer,
    )) as Diagnostics;
    if (diagnostics.main !== MAIN_ANGLE) throw new Error(`angle ${MAIN_ANGLE} is not main: ${diagnostics.main}`);

    const inWindow = transfers.filter((t) => t.at >= watchStart);
    const bytes = (pick: (angle: number) => boolean) =>
      inWindow
        .filter((t) => {
          const a = angleOfDir(t.dir);
          return a !== null && pick(a);
        })
        .reduce((n, t) => n + t.bytes, 0);
    const fetched = lastRungs(inWindow);
    const rungs = Object.fromEntries(
      diagnostics.tiles.map((t) => [t.angle, { fetched: fetched.get(t.angle) ?? '—', playing: t.height }]),
    );
    return {
      firstFrame: Math.min(...times),
      allPlaying: Math.max(...times),
      tiles: times.length,
      stalls: end.stalls.filter((s) => s.at >= startedAt),
      syncP95: pct(offsets, 95),
      syncSamples: offsets.length,
      mainBytesPerMin: bytes((a) => a === MAIN_ANGLE) / watched,
      tileBytesPerMin: bytes((a) => a !== MAIN_ANGLE) / watched,
      rungs,
    };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => `${Math.round(n / 1024)} KiB`;
const count = (n: number) => String(n);

export function printPhone(runs: PhoneRun[], event: string, minutes: number): void {
  const stallCounts = runs.map((r) => r.stalls.length);
  const starved = runs.map((r) => r.stalls.filter((s) => !s.seeking).length);
  const stallMs = runs.map((r) => r.stalls.reduce((n, s) => n + (s.ms ?? 0), 0));
  console.log(
    `\nPlayer bench, phone: /player/${event}, ${PHONE.viewport.width}×${PHONE.viewport.height} @${PHONE.viewport.deviceScaleFactor}x touch, CPU ${PHONE.cpu}× slower, ` +
      `${PHONE.downKbps / 1000} Mbit/s down / ${PHONE.upKbps / 1000} up, ${PHONE.rttMs} ms RTT, cache off; angle ${MAIN_ANGLE} main; ${runs.length} runs of a ${minutes}-minute watch (${new Date().toISOString()})\n`,
  );
  const mark = (met: boolean) => (met ? 'met' : 'NOT MET');
  const goals = {
    firstFrame: record('phone: first frame (median of runs)', median(runs.map((r) => r.firstFrame)), 2500, '<=', 'ms'),
    allPlaying: record(
      'phone: all tiles playing (median of runs)',
      median(runs.map((r) => r.allPlaying)),
      5000,
      '<=',
      'ms',
    ),
    stalls: record('phone: stalls while watching (median of runs)', median(stallCounts), 0, '<='),
    sync: record(
      'phone: sync offset to main p95 (median of runs)',
      median(runs.map((r) => r.syncP95)),
      100,
      '<=',
      'ms',
    ),
  };
  console.log(`tiles playing:           ${runs.map((r) => r.tiles).join(', ')}`);
  console.log(
    `first frame:             ${spread(runs.map((r) => r.firstFrame))}   goal ≤ 2500 ms ${mark(goals.firstFrame)}`,
  );
  console.log(
    `all tiles playing:       ${spread(runs.map((r) => r.allPlaying))}   goal ≤ 5000 ms ${mark(goals.allPlaying)}`,
  );
  console.log(
    `stalls while watching:   ${spread(stallCounts, count)}; not seeks ${spread(starved, count)}; stalled time ${spread(stallMs)}   goal none ${mark(goals.stalls)}`,
  );
  for (const [i, r] of runs.entries()) {
    if (r.stalls.length)
      console.log(
        `  run ${i + 1}: ${r.stalls.map((s) => `${s.label}${s.seeking ? ' (seek)' : ''} ${s.ms === null ? 'unended' : ms(s.ms)}`).join(', ')}`,
      );
  }
  console.log(
    `sync offset to main p95: ${spread(runs.map((r) => r.syncP95))} (${median(runs.map((r) => r.syncSamples))} samples a run)   goal ≤ 100 ms ${mark(goals.sync)}`,
  );
  console.log(
    `bytes per minute:        main angle ${spread(
      runs.map((r) => r.mainBytesPerMin),
      kb,
    )}`,
  );
  console.log(
    `                         other 9 tiles together ${spread(
      runs.map((r) => r.tileBytesPerMin),
      kb,
    )}`,
  );
  for (const [i, r] of runs.entries()) {
    console.log(
      `rungs at the end, run ${i + 1}: ${Object.entries(r.rungs)
        .map(([a, v]) => `${a}:${v.fetched}${v.playing ? `(${v.playing}p)` : ''}`)
        .join(' ')}`,
    );
  }
}
