// @widths both: axe — the player at 1280 px (a phone as the third device); audited playing at both widths
import type { Browser, BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { api, buyWithFreepass, signedInContext, signUpThroughApi, type Session } from './support/accounts';
import { DESKTOP, PHONE, axeViolations, describeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { waitForPath, waitInPage, waitUntil } from './support/waitUntil';
import { STREAM_MESSAGES, VIEWING_SESSION_KEY_HEADER } from '../src/shared/contract/streams';

/**
 * The multi-angle player in Chromium against the real server, its signed media and its viewing
 * sessions: a buyer opens it from the event page and every angle plays; angles switch without
 * loading anything; leaving and coming back leaves no video element or hls.js worker behind; a
 * visitor without a ticket is sent to the event page; a third device is refused; axe finds nothing.
 * The live event has its own file (player-live.e2e.ts): it needs a catalog with an event on air.
 */

const EVENT = { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged' };
/** The program cut and nine camera angles. */
const TILES = 10;

// Ten tiles buffering in a shared headless Chromium: a journey takes longer than the default 30 s.
jest.setTimeout(120_000);

let browser: Browser;
let buyer: Session;
beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await signUpThroughApi('player', 'Pia', 'Player');
  await buyWithFreepass(buyer, EVENT.path);
});
afterAll(() => browser.close());

type Tab = { context: BrowserContext; page: Page; problems: string[] };

async function buyerTab(viewport: { width: number; height: number } = DESKTOP): Promise<Tab> {
  const context = await signedInContext(browser, buyer);
  const page = await context.newPage();
  await page.setViewport(viewport);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  return { context, page, problems };
}

const playingTiles = (page: Page) => page.$$eval('[data-angle][data-state="playing"]', (tiles) => tiles.length);
const videoCount = (page: Page) => page.$$eval('video', (v) => v.length);
const audible = (page: Page) =>
  page.$$eval('video', (videos) =>
    (videos as HTMLVideoElement[]).filter((v) => !v.muted).map((v) => v.getAttribute('aria-label')),
  );
const waitForMainAngle = (page: Page, angle: string) =>
  waitInPage(
    page,
    `angle ${angle} to be the main one`,
    () => document.querySelector('[data-main="true"]')?.getAttribute('data-angle'),
    {
      until: (a) => a === angle,
    },
  );
const mainAngle = (page: Page) => page.$eval('[data-main="true"]', (tile) => Number(tile.getAttribute('data-angle')));

async function waitForAllPlaying(page: Page) {
  // What the page shows: each tile's state and its video's position, and any alert (the device limit, an error).
  const shown = () => ({
    tiles: Array.from(document.querySelectorAll<HTMLElement>('[data-angle]')).map((t) => {
      const v = t.querySelector('video');
      const video = v ? `${v.currentTime.toFixed(1)}s${v.paused ? ' paused' : ''} rs${v.readyState}` : 'no video';
      return `${t.dataset.angle}:${t.dataset.state}:${video}`;
    }),
    playing: document.querySelectorAll('[data-angle][data-state="playing"]').length,
    videosMoving: Array.from(document.querySelectorAll('video')).every((v) => v.currentTime > 0 && !v.paused),
    alerts: Array.from(document.querySelectorAll('[role="alert"], [role="status"]')).map((a) => a.textContent),
  });
  await waitInPage(page, `all ${TILES} tiles to play`, shown, {
    until: (s) => s.playing === TILES && s.videosMoving,
    timeout: 45_000,
  });
}

/** Leaves the player by its own link and waits until the viewing session is closed, then closes the tab. */
async function leave(tab: Tab) {
  if (tab.page.url().includes('/player/')) {
    const closed = tab.page.waitForResponse(
      (r) => r.request().method() === 'DELETE' && r.url().includes('/viewing-sessions/'),
      { timeout: 10_000 },
    );
    await tab.page.locator('a::-p-text(Back to event)').click();
    expect((await closed).status()).toBe(200);
  }
  await tab.context.close();
}

async function openFromEventPage(page: Page) {
  await page.goto(`${baseUrl()}/events/${EVENT.path}`, { waitUntil: 'networkidle0' });
  await page.locator('a::-p-text(Play)').click();
  await waitForPath(page, `/player/${EVENT.path}`);
}

describe('a buyer watches', () => {
  it("opens the player from the event page's Play: no header or footer, and all ten tiles play", async () => {
    const tab = await buyerTab();
    const { page, problems } = tab;
    await openFromEventPage(page);
    await waitForAllPlaying(page);
    expect(await playingTiles(page)).toBe(TILES);
    expect(await page.$('header')).toBeNull();
    expect(await page.$('footer')).toBeNull();
    // Browsers autoplay only muted video: it starts silent, and unmuting makes the main angle (the program) heard.
    expect(await audible(page)).toEqual([]);
    await page.keyboard.press('m');
    await waitInPage(
      page,
      'a video to be unmuted',
      () => Array.from(document.querySelectorAll('video')).map((v) => v.muted),
      {
        until: (muted) => muted.includes(false),
      },
    );
    expect(await audible(page)).toEqual([
      await page.$eval('[data-main="true"] video', (v) => v.getAttribute('aria-label')),
    ]);
    expect(problems).toEqual([]);
    // Leaving sends the session's quality beacon (sendBeacon), which the server records: /metrics says so.
    const answered = (method: string, pattern: RegExp) =>
      page.waitForResponse((r) => r.request().method() === method && pattern.test(r.url()), { timeout: 10_000 });
    const [closed, beacon] = [answered('DELETE', /\/viewing-sessions\/[^/]+$/), answered('POST', /\/quality$/)];
    await page.locator('a::-p-text(Back to event)').click();
    expect([(await closed).status(), (await beacon).status()]).toEqual([200, 204]);
    const {
      data: [event],
    } = await api<{ data: [{ id: number }] }>(`/asset/${EVENT.path}`);
    const metrics = await (await fetch(`${baseUrl()}/metrics`)).text();
    expect(metrics).toMatch(
      new RegExp(`^storefront_playback_startup_p95_seconds\\{event_id="${event.id}"\\} [0-9.e-]+$`, 'm'),
    );
    await leave(tab);
  });

  it(
    'switches angles by key and by click at once, reloading no angle ' +
      '(only rungs of its ladder), with only the main angle heard',
    async () => {
      const tab = await buyerTab();
      const { page, problems } = tab;
      await openFromEventPage(page);
      await waitForAllPlaying(page);
      const loads: string[] = [];
      const onRequest = (r: HTTPRequest) => {
        if (/\.m3u8/.test(r.url())) loads.push(r.url());
      };
      page.on('request', onRequest);

      await page.keyboard.press('5');
      await waitForMainAngle(page, '5');
      const fifth = await page.$eval('[data-angle="5"] video', (v) => v.getAttribute('aria-label'));
      expect(await audible(page)).toEqual([fifth]);

      await page.click('[data-angle="2"] button');
      await waitForMainAngle(page, '2');
      expect(await mainAngle(page)).toBe(2);
      const second = await page.$eval('[data-angle="2"] video', (v) => v.getAttribute('aria-label'));
      expect(await audible(page)).toEqual([second]);

      await page.keyboard.press('0');
      await waitForMainAngle(page, '0');

      // Layouts change placement only: the same ten videos keep playing.
      await page.locator('[aria-label="Layout"] button[value="grid-3x3"]').click();
      await page.locator('[aria-label="Layout"] button[value="single"]').click();
      expect(await videoCount(page)).toBe(TILES);
      expect(await playingTiles(page)).toBe(TILES);

      page.off('request', onRequest);
      // A main angle is switched up (and a hidden or shrunk one down) within its ladder: the playlists of
      // those renditions may load, never an angle's own multi-variant playlist again (that would restart it).
      expect(
        loads.filter((url) => !/\/media\/signed\/[^/]+\/\d+\/[^/]+\/streams\/angle-\d\/v\d+\.m3u8$/.test(url)),
      ).toEqual([]);
      expect(problems).toEqual([]);
      await leave(tab);
    },
  );

  it('leaving and coming back leaves no extra video element or hls.js worker', async () => {
    const tab = await buyerTab();
    const { page, problems } = tab;
    await openFromEventPage(page);
    await waitForAllPlaying(page);
    // hls.js transmuxes off the main thread in one worker the tiles share; it ends with the last tile.
    expect(page.workers()).toHaveLength(1);

    for (let round = 0; round < 2; round += 1) {
      await page.locator('a::-p-text(Back to event)').click();
      await waitForPath(page, `/events/${EVENT.path}`);
      await waitInPage(page, 'no video left', () => document.querySelectorAll('video').length, {
        until: (n) => n === 0,
      });
      const workers = async (p: Page) => p.workers().map((w) => w.url());
      await waitUntil(page, 'the hls.js worker to end with the last tile', workers, (w) => w.length === 0, 5000);

      await page.locator('a::-p-text(Play)').click();
      await waitForAllPlaying(page);
      expect(await videoCount(page)).toBe(TILES);
      expect(page.workers()).toHaveLength(1);
    }
    // The app never reloaded: the same document all along.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(problems).toEqual([]);
    await leave(tab);
  });
});

describe('with the keyboard alone', () => {
  /**
   * The focused element's name as read out (aria-label, else its text without hidden parts) and
   * whether its focus ring shows.
   */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Past the last control, focus leaves the page (to the browser) before it wraps round.
      if (!el || el === document.body) return { name: '(out of the page)', ring: true };
      const style = getComputedStyle(el);
      const spoken = el.cloneNode(true) as HTMLElement;
      spoken.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return {
        name: (el.getAttribute('aria-label') ?? spoken.textContent ?? '').trim(),
        ring: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
      };
    });

  it('reaches every control by Tab with a visible focus and a name, and Enter on a tile makes it main', async () => {
    const tab = await buyerTab();
    const { page, problems } = tab;
    await page.goto(`${baseUrl()}/player/${EVENT.path}`, { waitUntil: 'domcontentloaded' });
    await waitForAllPlaying(page);
    const stops: { name: string; ring: boolean }[] = [];
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      stops.push(await focused(page));
    }
    const names = stops.map((st) => st.name);
    for (const control of ['Back to event', 'Pause', 'Unmute', 'Volume', 'Keyboard shortcuts', 'Enter full screen']) {
      expect(names.some((n) => n.includes(control))).toBe(true);
    }
    expect(names.filter((n) => n.startsWith('Watch ')).length).toBeGreaterThanOrEqual(9);
    expect(stops.filter((st) => !st.name || !st.ring)).toEqual([]);

    // Back to the tile of angle 4 and press Enter: it becomes the main angle, and is heard.
    for (let i = 0; i < 40 && !(await focused(page)).name.includes('Watch Crowd View'); i += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForMainAngle(page, '4');
    expect(await audible(page)).toEqual(['Crowd View']);
    expect(problems).toEqual([]);
    await leave(tab);
  });
});

describe('who may not watch', () => {
  it('a visitor without a ticket is sent to the event page', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/player/${EVENT.path}`, { waitUntil: 'networkidle0' });
    await waitForPath(page, `/events/${EVENT.path}`);
    expect(await page.$$('video')).toHaveLength(0);
    await context.close();
  });

  it('a third device is refused with a message naming the limit, and plays once one stops', async () => {
    const first = await buyerTab();
    await openFromEventPage(first.page);
    await waitForAllPlaying(first.page);
    // The second device: another player's session, opened as the player opens one.
    const { data: second } = await api<{ data: { sessionId: string; sessionKey: string } }>('/viewing-sessions', {
      token: buyer.token,
      body: { eventId: EVENT.path },
    });

    const third = await buyerTab(PHONE);
    await third.page.goto(`${baseUrl()}/player/${EVENT.path}`, { waitUntil: 'domcontentloaded' });
    const alert = await third.page.waitForSelector(`::-p-text(${STREAM_MESSAGES.deviceLimit(2)})`, { timeout: 15_000 });
    expect(alert).not.toBeNull();
    expect(await videoCount(third.page)).toBe(0);

    // The first device leaves (its session closes); trying again on the third now plays.
    await leave(first);
    await third.page.locator('button::-p-text(Try again)').click();
    await waitForAllPlaying(third.page);
    await api(`/viewing-sessions/${second.sessionId}`, {
      token: buyer.token,
      method: 'DELETE',
      headers: { [VIEWING_SESSION_KEY_HEADER]: second.sessionKey },
    });
    await leave(third);
  });
});

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('axe on the player at %s width', (_name, viewport) => {
  it('has no WCAG 2.2 A or AA violation while playing', async () => {
    const tab = await buyerTab(viewport);
    const { page } = tab;
    await page.goto(`${baseUrl()}/player/${EVENT.path}`, { waitUntil: 'domcontentloaded' });
    await waitForAllPlaying(page);
    expect(describeViolations(await axeViolations(page))).toBe('');
    // A touch device's own buttons set the volume: no slider on the phone, Mute on both.
    const sliderShown = await page.$eval(
      'input[aria-label="Volume"]',
      (el) => (el as HTMLElement).offsetParent !== null,
    );
    expect(sliderShown).toBe(viewport !== PHONE);
    expect(await page.$('button[aria-label="Unmute"]')).not.toBeNull();
    // The shortcuts dialog too.
    await page.locator('button[aria-label="Keyboard shortcuts"]').click();
    // Polled from Node (waitInPage): with ten videos decoding, a mutation-driven wait missed the dialog here.
    const focusInDialog = () => ({
      focused: document.activeElement?.outerHTML.slice(0, 80) ?? null,
      inDialog: document.activeElement?.closest('[role="dialog"]') != null,
      dialogOpen: document.querySelector('[role="dialog"]') !== null,
    });
    await waitInPage(page, 'focus in the shortcuts dialog', focusInDialog, {
      until: (s) => s.inDialog,
      timeout: 10_000,
    });
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await waitInPage(page, 'the shortcuts dialog to close', focusInDialog, {
      until: (s) => !s.dialogOpen,
      timeout: 10_000,
    });
    await leave(tab);
  });
});
