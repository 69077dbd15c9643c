import type { Browser, Page } from 'puppeteer';
import { launchBrowser, openPage } from './support/browser';
import { waitForPath, waitInPage } from './support/waitUntil';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const text = (page: Page) => page.evaluate(() => document.body.innerText);

/** Waits until the page's first <video> has played past `seconds`. */
const videoPlaysPast = (page: Page, seconds: number, selector = 'video') =>
  waitInPage(
    page,
    `${selector} to play past ${seconds} s`,
    (sel) => {
      const v = document.querySelector<HTMLVideoElement>(sel);
      return v && { paused: v.paused, readyState: v.readyState, currentTime: v.currentTime };
    },
    {
      arg: selector,
      until: (v) => v !== null && !v.paused && v.readyState >= 2 && v.currentTime > seconds,
      timeout: 20_000,
    },
  );

describe('home', () => {
  it('plays the hero video and shows the category rows and the sign-up section', async () => {
    const { page, problems } = await openPage(browser, '/');
    await videoPlaysPast(page, 0.5);
    expect(await page.$eval('video', (v) => (v as HTMLVideoElement).muted)).toBe(true);
    const rows = await page.$$eval('main section[aria-label]', (els) => els.map((e) => e.getAttribute('aria-label')));
    expect(rows).toEqual(
      expect.arrayContaining(['Coming Up Live', 'Watch On Demand', 'Free to Watch', 'Jazz, Soul & More']),
    );
    const cards = await page.$$eval('section[aria-label="Watch On Demand"] article', (els) => els.length);
    expect(cards).toBeGreaterThan(2);
    expect(cards).toBeLessThanOrEqual(7);
    expect(await text(page)).toContain('Be the first to hear about upcoming broadcasts.');
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('unmutes and mutes the hero video with its toggle', async () => {
    const { page } = await openPage(browser, '/');
    await page.locator('button[aria-label="Unmute"]').click();
    const muted = () => document.querySelector('video')?.muted;
    await waitInPage(page, 'the hero video to be unmuted', muted, { until: (m) => m === false });
    await page.locator('button[aria-label="Mute"]').click();
    await waitInPage(page, 'the hero video to be muted', muted, { until: (m) => m === true });
    await page.browserContext().close();
  });

  it("'View All' opens the category it names", async () => {
    const { page, problems } = await openPage(browser, '/');
    await page.locator('a[aria-label="View All Watch On Demand"]').click();
    await waitForPath(page, '/category/on-demand');
    await page.waitForSelector('h1');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Watch On Demand');
    expect(await page.$$eval('main article', (els) => els.length)).toBeGreaterThan(3);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('an event card opens the event page with the right title and meta tags', async () => {
    const { page, problems } = await openPage(browser, '/');
    const card = await page.waitForSelector('section[aria-label="Watch On Demand"] article');
    const title = await card!.$eval('h3', (h) => h.textContent);
    await (await card!.$('a'))!.click();
    await waitForPath(page, /^\/events\/\d+$/);
    await page.waitForSelector('h1');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(title);
    await waitInPage(page, 'the title to name the event', () => document.title, {
      until: (t) => t === `${title} — AllAccess`,
    });
    expect(await page.$eval('meta[property="og:title"]', (m) => m.getAttribute('content'))).toBe(title);
    expect(await page.$eval('meta[property="og:image"]', (m) => m.getAttribute('content'))).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/media\/posters\/.+\.svg$/,
    );
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });
});

describe('other screens', () => {
  it('/demo plays the explainer from its HLS manifest', async () => {
    const { page, problems } = await openPage(browser, '/demo');
    await page.waitForSelector('video');
    await page.$eval('video', (v) => (v as HTMLVideoElement).play());
    await videoPlaysPast(page, 1);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it.each([
    ['/terms/3', 'Terms of Use', 'Your pass'],
    ['/privacy/2', 'Privacy Policy', 'What we collect'],
  ])('%s renders its agreement', async (path, label, section) => {
    const { page, problems } = await openPage(browser, path);
    await page.waitForSelector('h1');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe(label);
    expect(await text(page)).toContain(section);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it.each(['/events', '/experience', '/about'])('%s renders at phone width without errors', async (path) => {
    const { page, problems } = await openPage(browser, path, PHONE);
    await page.waitForSelector('h1');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('/events lists upcoming shows and links each to its page', async () => {
    const { page } = await openPage(browser, '/events');
    await page.waitForSelector('main article');
    const hrefs = await page.$$eval('main article a', (as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(3);
    for (const href of hrefs) expect(href).toMatch(/^\/events\/\d+$/);
    await page.browserContext().close();
  });
});
