import type { Browser, BrowserContext, Page } from 'puppeteer';
import type { Encoder } from '../../e2e/support/liveEncoder';
import { emulatePhone } from './playerNetwork';
import { pct } from './playerStats';

/**
 * bench:live's viewer: a guest in a fresh Chromium context who opens a free live show, as measured
 * from inside the page (one clock: the page's `Date.now()` is this machine's, the encoders' capture
 * clock). A probe installed before the app's first script records, in `performance.now()` (ms since
 * the player page's navigation started):
 *   - each tile's first `playing` event (keyed by its `data-angle`),
 *   - every `waiting` event of a video that had played (a stall; `seeking` says whether it was a seek),
 *   - when the stream config answer finished arriving (Resource Timing's responseEnd),
 * and on demand samples `window.__allaccessPlayer` every 250 ms: the main angle and each tile's
 * `playing` and `playingDate` (hls.js's program date-time of the frame on screen).
 */
type Probe = {
  playing: Record<string, number>;
  waiting: { angle: string; at: number; seeking: boolean }[];
  samples: { now: number; main: number; tiles: [number, boolean, number | null][] }[];
  timer?: number;
};
type Diagnostics = {
  main: number;
  mode: string;
  tiles: { angle: number; playing: boolean; playingDate: number | null }[];
};

async function installLiveProbe(page: Page): Promise<void> {
  // tsx compiles with esbuild's keepNames, which wraps named functions in __name(…) (playerProbe.ts).
  await page.evaluateOnNewDocument('globalThis.__name ??= (fn) => fn;');
  await page.evaluateOnNewDocument(() => {
    performance.setResourceTimingBufferSize(10_000);
    const probe: Probe = { playing: {}, waiting: [], samples: [] };
    (window as unknown as { __liveProbe: Probe }).__liveProbe = probe;
    const angleOf = (v: HTMLVideoElement) => v.closest('[data-angle]')?.getAttribute('data-angle') ?? '?';
    document.addEventListener(
      'playing',
      (event) => {
        if (event.target instanceof HTMLVideoElement) probe.playing[angleOf(event.target)] ??= performance.now();
      },
      true,
    );
    document.addEventListener(
      'waiting',
      (event) => {
        const video = event.target;
        if (!(video instanceof HTMLVideoElement) || probe.playing[angleOf(video)] === undefined) return;
        probe.waiting.push({ angle: angleOf(video), at: performance.now(), seeking: video.seeking });
      },
      true,
    );
  });
}

const diagnostics = (page: Page) =>
  page.evaluate(() => (window as unknown as { __allaccessPlayer?: Diagnostics }).__allaccessPlayer ?? null);

export type Join = {
  /** Navigation start of /player/EVENT → the main tile's first `playing` event (ms). */
  firstFrame: number;
  /** The stream config answer fully received → the same `playing` event (ms). */
  fromConfig: number;
  main: number;
};

/**
 * Opens the player as a guest arriving on the storefront (home page first, as bench:player does, so
 * the guest token exists) and waits for the main tile's first frame.
 */
async function join(page: Page, baseUrl: string, event: string): Promise<Join> {
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0', timeout: 60_000 });
  return openPlayer(page, baseUrl, event);
}

/** From any page of the storefront to the player of `event`, until the main tile's first frame. */
async function openPlayer(page: Page, baseUrl: string, event: string): Promise<Join> {
  await page.goto(`${baseUrl}/player/${event}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  const handle = await page
    .waitForFunction(
      () => {
        const p = (window as unknown as { __allaccessPlayer?: Diagnostics }).__allaccessPlayer;
        const probe = (window as unknown as { __liveProbe: Probe }).__liveProbe;
        const at = p ? probe.playing[String(p.main)] : undefined;
        if (!p || at === undefined) return false;
        const config = performance.getEntriesByType('resource').find((e) => e.name.includes('/streamconfig/')) as
          PerformanceResourceTiming | undefined;
        return { main: p.main, firstFrame: at, fromConfig: config ? at - config.responseEnd : NaN };
      },
      { timeout: 60_000, polling: 50 },
    )
    .catch(async (error: unknown) => {
      const text = await page.evaluate(() => document.body.innerText.slice(0, 300));
      throw new Error(`the main tile never played: ${JSON.stringify(await diagnostics(page))}\n${text}`, {
        cause: error,
      });
    });
  return (await handle.jsonValue()) as Join;
}

async function waitAllPlaying(page: Page, tiles: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const p = (window as unknown as { __allaccessPlayer?: Diagnostics }).__allaccessPlayer;
      return !!p && p.mode === 'live' && p.tiles.length === n && p.tiles.every((t) => t.playing);
    },
    { timeout: 60_000, polling: 250 },
    tiles,
  );
}

export type Watch = {
  /** Date.now() − playingDate of the main tile, every 250 ms while it plays (ms). */
  latency: number[];
  /** |playingDate(tile) − playingDate(main)| of every other playing tile, every 250 ms (ms). */
  offsets: number[];
  /** `waiting` of the main video after its first `playing`, until the end of the watch. */
  stalls: { at: number; seeking: boolean }[];
  samples: number;
};

/** Samples the diagnostics every 250 ms in the page for `seconds`, then reads them back. */
async function watch(page: Page, seconds: number, from: number): Promise<Watch> {
  await page.evaluate(() => {
    const probe = (window as unknown as { __liveProbe: Probe }).__liveProbe;
    probe.samples = [];
    probe.timer = window.setInterval(() => {
      const p = (window as unknown as { __allaccessPlayer?: Diagnostics }).__allaccessPlayer;
      if (p)
        probe.samples.push({
          now: Date.now(),
          main: p.main,
          tiles: p.tiles.map((t) => [t.angle, t.playing, t.playingDate]),
        });
    }, 250);
  });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const probe = await page.evaluate(() => {
    const p = (window as unknown as { __liveProbe: Probe }).__liveProbe;
    clearInterval(p.timer);
    return { samples: p.samples, waiting: p.waiting, now: performance.now() };
  });
  const latency: number[] = [];
  const offsets: number[] = [];
  for (const s of probe.samples) {
    const main = s.tiles.find(([angle]) => angle === s.main);
    if (!main || !main[1] || main[2] === null) continue;
    latency.push(s.now - main[2]);
    for (const [angle, playing, date] of s.tiles)
      if (angle !== s.main && playing && date !== null) offsets.push(Math.abs(date - main[2]));
  }
  const mainAngle = String(probe.samples[0]?.main ?? 0);
  const stalls = probe.waiting.filter((w) => w.angle === mainAngle && w.at >= from && w.at <= probe.now);
  return { latency, offsets, stalls, samples: probe.samples.length };
}

export type DesktopRun = Join & Watch & { settleSeconds: number };

/** A desktop viewer (1280×800): joins, waits for every tile and `settle` seconds, then watches. */
export async function desktopRun(o: {
  browser: Browser;
  baseUrl: string;
  event: string;
  tiles: number;
  settle: number;
  seconds: number;
  keep: (page: Page) => Promise<void>;
}): Promise<DesktopRun> {
  const context = await o.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    await installLiveProbe(page);
    const joined = await join(page, o.baseUrl, o.event);
    await waitAllPlaying(page, o.tiles);
    await new Promise((r) => setTimeout(r, o.settle * 1000));
    const watched = await watch(page, o.seconds, joined.firstFrame);
    await o.keep(page);
    return { ...joined, ...watched, settleSeconds: o.settle };
  } finally {
    await context.close();
  }
}

export type PhoneRun = Join & { stalls: number; latencyP50: number };

/** The phone of bench:player's phone mode (playerNetwork.ts PHONE): joins, then watches `seconds`. */
export async function phoneRun(o: { browser: Browser; baseUrl: string; event: string; seconds: number }) {
  const context = await o.browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await emulatePhone(page, cdp);
    await installLiveProbe(page);
    const joined = await join(page, o.baseUrl, o.event);
    const watched = await watch(page, o.seconds, joined.firstFrame);
    return { ...joined, stalls: watched.stalls.length, latencyP50: pct(watched.latency, 50) } satisfies PhoneRun;
  } finally {
    await context.close();
  }
}

/**
 * The main feed's encoder dropped (killed), `downSeconds` later started again: ms from that start
 * until the main tile plays a frame captured after it (playingDate > the start, on the capture clock).
 */
export async function dropMain(o: {
  page: Page;
  encoder: Encoder;
  restart: () => Encoder;
  downSeconds: number;
  main: number;
}): Promise<{ recovery: number; encoder: Encoder }> {
  await o.encoder.stop();
  await new Promise((r) => setTimeout(r, o.downSeconds * 1000));
  const restartedAt = Date.now();
  const encoder = o.restart();
  const handle = await o.page
    .waitForFunction(
      (since, main) => {
        const p = (window as unknown as { __allaccessPlayer?: Diagnostics }).__allaccessPlayer;
        const tile = p?.tiles.find((t) => t.angle === main);
        return tile?.playing && (tile.playingDate ?? 0) > since ? Date.now() : false;
      },
      { timeout: 60_000, polling: 50 },
      restartedAt,
      o.main,
    )
    .catch(() => null);
  const shownAt = handle ? ((await handle.jsonValue()) as number) : NaN;
  return { recovery: shownAt - restartedAt, encoder };
}

/**
 * A desktop viewer (1280×800) in a context of the caller's (bench:showtime's are signed in as ticket
 * holders), on the storefront's home page with the probe installed: the fan's browser is open
 * before the show, so its own start is not the herd's.
 */
export async function readyViewer(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  await installLiveProbe(page);
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0', timeout: 60_000 });
  return page;
}

/** A `readyViewer` joins `event`, then watches `seconds` from its first frame. */
export async function desktopViewer(o: {
  page: Page;
  baseUrl: string;
  event: string;
  seconds: number;
}): Promise<Join & Watch> {
  const joined = await openPlayer(o.page, o.baseUrl, o.event);
  const watched = await watch(o.page, o.seconds, joined.firstFrame);
  return { ...joined, ...watched };
}
