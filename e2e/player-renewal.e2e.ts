// @widths desktop: renewing signed addresses does not change with the width
import type { Browser, HTTPResponse } from 'puppeteer';
import { buyWithFreepass, signedInContext, signUpThroughApi } from './support/accounts';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { observeFor, waitInPage } from './support/waitUntil';

/**
 * A long show's URLs: a premium event's media URLs live two viewing-session heartbeats (here 5 s,
 * so 10 s) and the player renews them half-way, moving its tiles to the new grant without reloading
 * them. Over several lifetimes, no media request meets a refusal, no tile reloads its playlist
 * from the start, and the picture never stops: what a three-hour show does ~360 times at the
 * default minute.
 */
const EVENT = 'velvet-static-unplugged';
const HEARTBEAT_S = 5;
const WATCH_MS = 35_000;

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  server = await startServer({ VIEWING_HEARTBEAT_SECONDS: String(HEARTBEAT_S) });
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Media = { url: string; status: number; grant: string };
const grantOf = (url: string) => /\/media\/signed\/([^/]+\/[^/]+\/[^/]+)\//.exec(url)?.[1] ?? '';

it('renews the signed URLs of a premium show before they expire, tiles playing on under each new grant', async () => {
  const fan = await signUpThroughApi('renewal', 'Ada', 'Access', server.baseUrl);
  await buyWithFreepass(fan, EVENT, server.baseUrl);
  const context = await signedInContext(browser, fan, server.baseUrl);
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  const media: Media[] = [];
  const configs: number[] = [];
  page.on('response', (res: HTTPResponse) => {
    const url = res.url();
    if (url.includes('/media/signed/')) media.push({ url, status: res.status(), grant: grantOf(url) });
    if (url.includes('/streamconfig/')) configs.push(res.status());
  });
  await page.goto(`${server.baseUrl}/player/${EVENT}`, { waitUntil: 'domcontentloaded' });
  const mainTime = () => {
    const p = (window as unknown as { __allaccessPlayer?: { main: number } }).__allaccessPlayer;
    const video = document.querySelector<HTMLVideoElement>(`[data-angle="${p?.main ?? 0}"] video`);
    return video ? { t: video.currentTime, paused: video.paused, waiting: video.readyState < 3 } : null;
  };
  await waitInPage(page, 'the main angle to play', mainTime, { until: (v) => !!v && v.t > 0.5, timeout: 30_000 });
  const playlistLoads = () => media.filter((m) => /\/index\.m3u8$/.test(m.url)).length;
  const firstLoads = playlistLoads();

  // Watch across three and a half URL lifetimes: the picture moves on throughout, never still for 1.5 s.
  let last = { t: -1, at: Date.now() };
  await observeFor(
    WATCH_MS,
    'the main picture to keep moving (never still for 1.5 s)',
    () => page.evaluate(mainTime),
    (seen) => {
      if (seen && seen.t > last.t + 0.05) last = { t: seen.t, at: Date.now() };
      return Date.now() - last.at < 1500;
    },
  );

  expect(media.filter((m) => m.status !== 200).map((m) => `${m.status} ${m.url}`)).toEqual([]);
  // Renewed at least three times (a config every ~5 s), each one's grant used by the requests after it.
  expect(configs.filter((s) => s === 200).length).toBeGreaterThanOrEqual(4);
  expect(new Set(media.map((m) => m.grant)).size).toBeGreaterThanOrEqual(4);
  // No tile went back to its multi-variant playlist for a renewal: the same instance carried on.
  expect(playlistLoads()).toBe(firstLoads);
}, 120_000);
