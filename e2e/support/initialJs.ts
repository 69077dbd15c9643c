import http from 'node:http';
import { CDPSessionEvent, type Browser, type CDPSession, type Page, type Protocol } from 'puppeteer';
import { poll } from './waitUntil';

/**
 * What JavaScript a route loads before its first screen is interactive, as a phone on a first visit
 * sees it (fresh browser context: no cache, no service worker, nothing stored).
 *
 * The first screen is interactive at the start of the first quiet window that follows the moment
 * the route's first-screen content is in the page: QUIET_WINDOW_MS with no long task on the main
 * thread (a task of 50 ms or more, as the Long Tasks API reports it) and no script being fetched.
 * Every script requested before that moment counts: its transfer bytes as the network saw them (CDP
 * Network.loadingFinished encodedDataLength: compressed as the server sent it, headers included).
 * A script that is fetched while the page is still busy, or that a quiet page fetches after it was
 * interactive, is therefore decided by the page's behaviour, not by the machine's speed: a script
 * chained after the first screen cannot slip out of the count because a fast machine got there
 * sooner, and one the app deliberately defers until after a quiet spell (or a tap) is not counted.
 * The CPU runs CPU_SLOWDOWN times slower (Lighthouse's mobile setting) so that long tasks are those
 * a phone would have. The service worker is bypassed: it claims the page during a first visit and
 * would then answer later chunk requests from its precache, whose bytes came down the worker's own
 * session; bypassed, each script the page asks for is fetched and counted. The worker's precaching
 * itself is not counted: it is not the page loading its scripts.
 */
export const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
export const CPU_SLOWDOWN = 4;
export const QUIET_WINDOW_MS = 2000;
const POLL_MS = 100;

type ScriptLoad = { url: string; bytes: number; encoding: string; requestedAtMs: number };
export type InitialJs = {
  url: string;
  bytes: number;
  scripts: ScriptLoad[];
  firstScreenAtMs: number;
  interactiveAtMs: number;
  longTasks: number;
};

type Request = {
  url: string;
  startedAt: number;
  script: boolean;
  encoding: string;
  finishedAt?: number;
  bytes?: number;
  pending?: Promise<void>;
};

/** The body's length on the wire when asked for with `encoding` (no decompression). */
function compressedBodyBytes(url: string, encoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding || 'identity' } }, (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => {
          n += chunk.length;
        });
        res.on('end', () => resolve(n));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Watches the page's own network sessions (CDP): the page's, and those of the workers it starts (a
 * worker's script is requested from the page but finishes in the worker's session), so every byte
 * counted is one the page received itself.
 */
async function watchScripts(page: Page) {
  const requests = new Map<string, Request>();
  const cdp = await page.createCDPSession();
  const listen = async (session: CDPSession) => {
    session.on('Network.requestWillBeSent', (e: Protocol.Network.RequestWillBeSentEvent) => {
      if (e.redirectResponse || requests.has(e.requestId)) return; // a redirect keeps its requestId
      requests.set(e.requestId, {
        url: e.request.url,
        startedAt: e.wallTime * 1000,
        script: e.type === 'Script',
        encoding: '',
      });
    });
    session.on('Network.responseReceived', (e: Protocol.Network.ResponseReceivedEvent) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      // Not every script is typed 'Script' (a prefetch is 'Other'): its MIME type tells.
      r.script ||= /javascript/.test(e.response.mimeType);
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      r.encoding = headers['content-encoding'] ?? 'identity';
    });
    session.on('Network.loadingFinished', (e: Protocol.Network.LoadingFinishedEvent) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      Object.assign(r, { finishedAt: Date.now(), bytes: e.encodedDataLength });
      // Chromium reports only the headers of a worker's own script (its body arrives with no encoded
      // length): the body is fetched again here, compressed as the page got it, and its bytes added.
      if (session !== cdp && r.script)
        r.pending = compressedBodyBytes(r.url, r.encoding).then((body) => {
          r.bytes = e.encodedDataLength + body;
        });
    });
    session.on('Network.loadingFailed', (e: Protocol.Network.LoadingFailedEvent) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { finishedAt: Date.now(), bytes: 0 });
    });
    // Workers wait for us before running, so their first request is seen too.
    session.on(CDPSessionEvent.SessionAttached, (child: CDPSession) => {
      void listen(child)
        .then(() => child.send('Runtime.runIfWaitingForDebugger'))
        .catch(() => {}); // a worker may be gone already
    });
    await session.send('Network.enable');
    await session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  };
  await listen(cdp);
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return {
    scripts: () => [...requests.values()].filter((r) => r.script),
    /** Every script's bytes, once those fetched again have arrived. */
    settled: async () => {
      await Promise.all([...requests.values()].map((r) => r.pending));
    },
    detach: () => cdp.detach(),
  };
}

/** Long tasks from the very first script on, collected in the page (ends, epoch ms). */
async function watchLongTasks(page: Page) {
  await page.evaluateOnNewDocument(() => {
    const ends: number[] = [];
    Object.defineProperty(window, '__longTaskEnds', { value: ends });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) ends.push(performance.timeOrigin + e.startTime + e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * Opens `url` in a fresh context of `browser` at phone size and measures its initial JS; `firstScreen`
 * runs in the page and says when the route's first-screen content is there. A page that never gets
 * there, or never goes quiet, fails with what was seen. `mainThreadQuiet: false` waits only for the
 * scripts to stop: for the player, whose main thread is never quiet while nine angles play.
 */
export async function measureInitialJs(
  browser: Browser,
  url: string,
  firstScreen: () => boolean,
  { mainThreadQuiet = true, timeout = 60_000 } = {},
): Promise<InitialJs> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.bringToFront(); // a background tab gets no animation frames: React would not render
    await page.setViewport(PHONE);
    await watchLongTasks(page);
    const net = await watchScripts(page);
    const navigationStart = Date.now();
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout });
    // The page's clock (epoch ms) for the first screen and long tasks; CDP's wallTime for requests.
    const probe =
      `({ now: performance.timeOrigin + performance.now(), ready: Boolean((${firstScreen.toString()})()), ` +
      'longTaskEnds: [...window.__longTaskEnds] })';
    let firstScreenAt: number | null = null;
    let seen = { now: 0, ready: false, longTaskEnds: [] as number[] };
    let lastActivity = 0;
    let scripts: ReturnType<typeof net.scripts> = [];
    // One look at the page: where it stands on the way to a quiet first screen.
    const look = async () => {
      seen = (await page.evaluate(probe)) as typeof seen;
      if (seen.ready && firstScreenAt === null) firstScreenAt = seen.now;
      scripts = net.scripts();
      const loading = scripts.filter((s) => s.finishedAt === undefined).length;
      if (firstScreenAt === null) return { firstScreen: false, loading, quietMs: 0 };
      const longTaskEnds = mainThreadQuiet ? seen.longTaskEnds : [];
      lastActivity = Math.max(
        firstScreenAt,
        ...longTaskEnds,
        ...scripts.map((s) => Math.max(s.startedAt, s.finishedAt ?? 0)),
      );
      return { firstScreen: true, loading, quietMs: Math.round(seen.now - lastActivity) };
    };
    const ms = (at: number) => Math.round(at - navigationStart);
    await poll(`${url} to be interactive`, look, (s) => s.loading === 0 && s.quietMs >= QUIET_WINDOW_MS, {
      timeout: Math.max(0, timeout - (Date.now() - navigationStart)),
      every: POLL_MS,
      context: async () => {
        const inFlight = net
          .scripts()
          .filter((s) => s.finishedAt === undefined)
          .map((s) => s.url);
        const text = await page
          .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300) ?? '')
          .catch(() => '?');
        const lastLongTask = ms(Math.max(navigationStart, ...seen.longTaskEnds));
        return (
          `first screen ${firstScreenAt === null ? 'never ready' : `ready at ${ms(firstScreenAt)} ms`}, ` +
          `${seen.longTaskEnds.length} long tasks (last ended at ${lastLongTask} ms), ` +
          `scripts still loading: ${inFlight.join(', ') || 'none'}\npage: «${text}»`
        );
      },
    });
    // Every script seen so far started at or before lastActivity: all of them count.
    const counted = scripts;
    await net.settled();
    await net.detach();
    return {
      url,
      bytes: counted.reduce((n, s) => n + (s.bytes ?? 0), 0),
      scripts: counted.map((s) => ({
        url: s.url,
        bytes: s.bytes ?? 0,
        encoding: s.encoding,
        requestedAtMs: ms(s.startedAt),
      })),
      firstScreenAtMs: ms(firstScreenAt!),
      interactiveAtMs: ms(lastActivity),
      longTasks: seen.longTaskEnds.length,
    };
  } finally {
    await context.close();
  }
}
