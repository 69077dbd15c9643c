import type { CDPSession, Page } from 'puppeteer';
import { launchBrowser } from '../../e2e/support/browser';
import { startServer } from '../../e2e/support/server';
import { ensureClientBuilt } from '../../src/server/cli/clientBuild';
import { phoneRun, printPhone } from './playerPhone';
import { exitOnMissedGoals, record } from './goals';
import { installMediaProbe, mediaSnapshot, type MediaSnapshot } from './playerProbe';
import { median, ms, pct } from './playerStats';

/**
 * `npm run bench:player`: the multi-angle player in Chromium against the server in production
 * settings, on a free demo event (any visitor may watch it, so no account is needed). Prints:
 *   - time to first frame and until all nine angles play, from navigation start (median of RUNS);
 *   - sync spread: every 250 ms for SYNC_SECONDS, how far each playing angle's position is from the
 *     main angle's (ms), p50/p95/max: the goal is ±300 ms at p95;
 *   - switch latency: keys 1–9, from the key press until the page shows that angle as main (ms);
 *   - JS heap (after a forced GC) each minute for BENCH_MINUTES (default 10): flat means no leak;
 *   - after leaving the player: <video> elements and workers still alive (should be 0).
 * Positions are read from the <video> elements themselves (every angle shares one timeline), so the
 * figures do not depend on what the player says about itself. Exits 1 when a figure misses its goal.
 * Not a test: figures for the notes.
 *
 * BENCH_PROFILE=phone (or `npm run bench:player -- --phone`): a phone on a mobile network instead,
 * RUNS fresh runs of a BENCH_MINUTES watch (default 2); see playerPhone.ts.
 */
const EVENT = process.env.BENCH_EVENT ?? 'marisol-vega-quartet';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SYNC_SECONDS = Number(process.env.BENCH_SYNC_SECONDS ?? 30);
const PHONE = process.env.BENCH_PROFILE === 'phone' || process.argv.includes('--phone');
const MINUTES = Number(process.env.BENCH_MINUTES ?? (PHONE ? 2 : 10));
const VIEWPORT = { width: 1280, height: 900 };

async function openPlayer(
  page: Page,
  baseUrl: string,
): Promise<{ firstFrame: number; allPlaying: number; tiles: number }> {
  await page.goto(`${baseUrl}/player/${EVENT}`, { waitUntil: 'domcontentloaded' });
  await page
    .waitForFunction(
      () => {
        const probe = (window as unknown as { __mediaProbe: { playingSince: Record<string, number> } }).__mediaProbe;
        const videos = document.querySelectorAll('video');
        return videos.length >= 9 && Object.keys(probe.playingSince).length >= videos.length;
      },
      { timeout: 30_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      throw new Error(
        `the angles did not all play: ${JSON.stringify(await mediaSnapshot(page))}\n${await page.evaluate(() => document.body.innerText.slice(0, 300))}`,
        { cause: error },
      );
    });
  const snap = await mediaSnapshot(page);
  const times = Object.values(snap.playingSince);
  return { firstFrame: Math.min(...times), allPlaying: Math.max(...times), tiles: times.length };
}

/** Spread of positions against the main angle's, sampled every 250 ms. */
async function measureSync(page: Page, seconds: number): Promise<number[]> {
  const offsets: number[] = [];
  for (let i = 0; i < seconds * 4; i += 1) {
    const snap: MediaSnapshot = await mediaSnapshot(page);
    const main = snap.videos.find((v) => v.main) ?? snap.videos[0];
    if (main)
      for (const v of snap.videos)
        if (v !== main && v.playing) offsets.push(Math.abs(v.currentTime - main.currentTime) * 1000);
    await new Promise((r) => setTimeout(r, 250));
  }
  return offsets;
}

/** Key N → the page names angle N as main: measured inside the page, press to painted frame. */
async function measureSwitch(page: Page): Promise<number[]> {
  const latencies: number[] = [];
  for (const key of ['5', '9', '2', '7', '1', '3', '8', '4', '6']) {
    const took = await page.evaluate(
      (k) =>
        new Promise<number>((resolve, reject) => {
          const start = performance.now();
          const isMain = () => document.querySelector(`[data-angle="${k}"]`)?.getAttribute('data-main') === 'true';
          document.body.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
          const check = () => {
            if (isMain()) requestAnimationFrame(() => resolve(performance.now() - start));
            else if (performance.now() - start > 5000) reject(new Error(`angle ${k} never became main`));
            else requestAnimationFrame(check);
          };
          check();
        }),
      key,
    );
    latencies.push(took);
    await new Promise((r) => setTimeout(r, 300));
  }
  return latencies;
}

async function heapMiB(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

async function main() {
  ensureClientBuilt();
  const server = await startServer({
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    SMTP_URL: 'smtp://127.0.0.1:1',
  });
  const browser = await launchBrowser();
  if (PHONE) {
    try {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await phoneRun(browser, server.baseUrl, EVENT, MINUTES));
        process.stdout.write(`  run ${i + 1} done\n`);
      }
      printPhone(runs, EVENT, MINUTES);
    } finally {
      await browser.close();
      await server.stop();
    }
    return;
  }
  try {
    const page = await browser.newPage();
    await page.setViewport(VIEWPORT);
    await installMediaProbe(page);
    await page.goto(`${server.baseUrl}/`, { waitUntil: 'networkidle0' }); // a guest token, as a visitor arriving
    const loads: { firstFrame: number; allPlaying: number; tiles: number }[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      loads.push(await openPlayer(page, server.baseUrl));
      if (i < RUNS - 1) await page.goto(`${server.baseUrl}/events/${EVENT}`, { waitUntil: 'networkidle0' });
    }
    await new Promise((r) => setTimeout(r, 3000)); // let the angles settle into sync
    const sync = await measureSync(page, SYNC_SECONDS);
    const switches = await measureSwitch(page);

    const cdp = await page.createCDPSession();
    const heap: number[] = [await heapMiB(cdp)];
    for (let m = 1; m <= MINUTES; m += 1) {
      await new Promise((r) => setTimeout(r, 60_000));
      heap.push(await heapMiB(cdp));
      process.stdout.write(`  minute ${m}: ${heap.at(-1)!.toFixed(1)} MiB\n`);
    }
    const stillPlaying = (await mediaSnapshot(page)).videos.filter((v) => v.playing).length;

    // Leaving by the app's own link (no reload): nothing may stay behind.
    await page.click('a[href^="/events/"]');
    await page.waitForFunction(() => !location.pathname.startsWith('/player/'));
    await new Promise((r) => setTimeout(r, 1000));
    const leftVideos = await page.evaluate(() => document.querySelectorAll('video').length);
    const leftWorkers = page.workers().length;

    console.log(
      `\nPlayer bench on /player/${EVENT}, ${VIEWPORT.width}×${VIEWPORT.height}, headless Chromium (${new Date().toISOString()})\n`,
    );
    const firstFrame = median(loads.map((l) => l.firstFrame));
    const allPlaying = median(loads.map((l) => l.allPlaying));
    const mark = (met: boolean) => (met ? 'met' : 'NOT MET');
    const goals = {
      firstFrame: record('first frame (median of runs)', firstFrame, 2000, '<=', 'ms'),
      allPlaying: record('all tiles playing (median of runs)', allPlaying, 4000, '<=', 'ms'),
      sync: record('sync offset to main, p95', pct(sync, 95), 300, '<=', 'ms'),
      switching: record('switch latency (median)', median(switches), 200, '<=', 'ms'),
      left: [
        record('<video> elements after leaving', leftVideos, 0, '<='),
        record('workers after leaving', leftWorkers, 0, '<='),
      ].every(Boolean),
    };
    console.log(`tiles playing:           ${loads.map((l) => l.tiles).join(', ')}`);
    console.log(
      `first frame:             median ${ms(firstFrame)}  runs ${loads.map((l) => ms(l.firstFrame)).join(', ')}   goal ≤ 2000 ms ${mark(goals.firstFrame)}`,
    );
    console.log(
      `all tiles playing:       median ${ms(allPlaying)}  runs ${loads.map((l) => ms(l.allPlaying)).join(', ')}   goal ≤ 4000 ms ${mark(goals.allPlaying)}`,
    );
    console.log(
      `sync offset to main:     p50 ${ms(pct(sync, 50))}  p95 ${ms(pct(sync, 95))}  max ${ms(pct(sync, 100))}  (${sync.length} samples)   goal p95 ≤ 300 ms ${mark(goals.sync)}`,
    );
    console.log(
      `switch latency:          median ${ms(median(switches))}  max ${ms(Math.max(...switches))}   goal ≤ 200 ms ${mark(goals.switching)}`,
    );
    console.log(
      `JS heap after GC (MiB):  ${heap.map((h) => h.toFixed(1)).join(' → ')}   growth ${(heap.at(-1)! - heap[1]!).toFixed(1)} MiB from minute 1 to ${MINUTES}; ${stillPlaying} tiles still playing`,
    );
    console.log(
      `after leaving:           ${leftVideos} <video> elements, ${leftWorkers} workers   goal 0 and 0 ${mark(goals.left)}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

void main()
  .then(exitOnMissedGoals)
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
