// @widths phone: the live player's controls are audited where they are tightest, at 390 px
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { demoFreeStreams } from '../src/server/db/seed/demoStreams';
import { axeViolations, describeViolations, PHONE } from './support/axe';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { waitInPage } from './support/waitUntil';

/**
 * A live event in Chromium: its own server, over a catalog (imported as organizers import one) with
 * a free 'Live' event that went on air two minutes ago and one that starts tomorrow. On air, every
 * angle plays as live HLS, with the LIVE badge and 'Go to live'; before air start the player says
 * when it begins and plays nothing.
 */
const ROOT = path.resolve(__dirname, '..');
const ON_AIR = 'e2e-on-air';
const TOMORROW = 'e2e-tomorrow';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-e2e-live-'));
  const catalog = path.join(dataDir, 'live-catalog.json');
  const event = (p: string, title: string, airStart: Date) => ({
    path: p,
    title,
    contentType: 'Live',
    isPremium: false,
    airStartDate: airStart.toISOString(),
    streams: demoFreeStreams,
  });
  fs.writeFileSync(
    catalog,
    JSON.stringify({
      events: [
        event(ON_AIR, 'On Air Now', new Date(Date.now() - 2 * 60_000)),
        event(TOMORROW, 'Tomorrow Night', new Date(Date.now() + 86_400_000)),
      ],
    }),
  );
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/importCatalog.ts', catalog], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (imported.status !== 0) throw new Error(`catalog import failed:\n${imported.stdout}\n${imported.stderr}`);
  server = await startServer({}, dataDir);
  browser = await launchBrowser();
  // A catalog import and a server of its own: more than jest's 30 s on a loaded machine (startServer allows 60).
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function guestPage(): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(PHONE);
  return page;
}

it('plays every angle live after air start, with the LIVE badge and Go to live', async () => {
  const page = await guestPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
  await page.goto(`${server.baseUrl}/player/${ON_AIR}`, { waitUntil: 'domcontentloaded' });
  const tiles = () => Array.from(document.querySelectorAll<HTMLElement>('[data-angle]')).map((t) => t.dataset.state);
  await waitInPage(page, 'all ten tiles to play', tiles, {
    until: (states) => states.filter((s) => s === 'playing').length === 10,
    timeout: 30_000,
  });
  expect(await page.$('::-p-text(LIVE)')).not.toBeNull();
  const live = await page.evaluate(
    () => (window as unknown as { __allaccessPlayer: { mode: string } }).__allaccessPlayer.mode,
  );
  expect(live).toBe('live');

  // Live playlists carry program date-times: every angle knows the wall-clock time of its picture,
  // within seconds of now minus the live delay.
  const dates = await page.evaluate(() =>
    (
      window as unknown as { __allaccessPlayer: { tiles: { playingDate: number | null }[] } }
    ).__allaccessPlayer.tiles.map((t) => t.playingDate),
  );
  for (const d of dates) expect(Math.abs(Date.now() - (d ?? 0))).toBeLessThan(30_000);

  await page.locator('button::-p-text(Go to live)').click();
  expect(describeViolations(await axeViolations(page))).toBe('');
  expect(problems).toEqual([]);
  await page.browserContext().close();
});

it('before air start says when the event begins and plays nothing', async () => {
  const page = await guestPage();
  await page.goto(`${server.baseUrl}/player/${TOMORROW}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('::-p-text(This event begins on)');
  expect(await page.$$('video')).toHaveLength(0);
  expect(describeViolations(await axeViolations(page))).toBe('');
  await page.browserContext().close();
});
