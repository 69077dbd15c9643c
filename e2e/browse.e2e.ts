// @widths both: layout — the demo's play button must sit inside its frame at 390 and at 1280 px
import type { Browser, Page } from 'puppeteer';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { waitForPath, waitInPage } from './support/waitUntil';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 900 };
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
      // The JPEG beside the SVG poster (link previews take no SVG), on the site's address (PUBLIC_URL).
      /^https?:\/\/[^/]+\/media\/posters\/.+\.jpg$/,
    );
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });
});

describe('other screens', () => {
  it.each([
    ['390', PHONE],
    ['1280', DESKTOP],
  ])(
    '/demo at %s px: a poster and a visible play button before it plays; the button plays the explainer',
    async (_w, viewport) => {
      const { page, problems } = await openPage(browser, '/demo', viewport);
      const video = await page.waitForSelector('main video');
      const poster = await video!.evaluate((v) => (v as HTMLVideoElement).poster);
      expect(poster).toMatch(/\/media\/explainer\/poster\.svg$/);
      const res = await fetch(poster);
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
      // The play control: over the video, inside the window, a target a thumb can hit.
      const play = await page.waitForSelector('main button ::-p-text(Play video)');
      const [button, frame] = await Promise.all([play!.boundingBox(), video!.boundingBox()]);
      expect(button!.height).toBeGreaterThanOrEqual(40);
      expect(button!.y).toBeGreaterThan(frame!.y);
      expect(button!.y + button!.height).toBeLessThan(Math.min(frame!.y + frame!.height, viewport.height));
      expect(await video!.evaluate((v) => (v as HTMLVideoElement).paused)).toBe(true);
      await play!.click();
      await videoPlaysPast(page, 1, 'main video');
      expect(await video!.evaluate((v) => (v as HTMLVideoElement).controls)).toBe(true);
      expect(problems).toEqual([]);
      await page.browserContext().close();
    },
  );

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

  it(
    "/events, in the server's HTML and in the page: the shows to come first in air order, " +
      "then the aired ones under 'On demand'",
    async () => {
      // The catalog's own order and air dates, as the listing answers them.
      const guest = (await (await fetch(`${baseUrl()}/v1/token/guest`)).json()).data as string;
      const filter = encodeURIComponent(JSON.stringify({ path: 'upcoming-events' }));
      const listing = await fetch(`${baseUrl()}/v1/pagecategory/listing?filter=${filter}&start=0&limit=100`, {
        headers: { authorization: `Bearer ${guest}` },
      });
      const events = ((await listing.json()).data[0].data as { title: string; airStartDate: string }[]).map((e) => ({
        title: e.title,
        at: Date.parse(e.airStartDate),
      }));
      const now = Date.now();
      const upcoming = events.filter((e) => e.at > now).sort((a, b) => a.at - b.at);
      const aired = events.filter((e) => e.at <= now).sort((a, b) => b.at - a.at);
      // The demo catalog has both, and lists an aired show first: the page has to reorder it.
      expect([upcoming.length > 0, aired.length > 0, events[0]!.at <= now]).toEqual([true, true, true]);
      const expected = ['Coming up', ...upcoming.map((e) => e.title), 'On demand', ...aired.map((e) => e.title)];

      const html = await (await fetch(`${baseUrl()}/events`, { headers: { accept: 'text/html' } })).text();
      const fromServer = Array.from(html.matchAll(/<h2[^>]*>([^<]+)<\/h2>|<article[^>]*aria-label="([^"]+)"/g), (m) =>
        (m[1] ?? m[2]!).replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'"),
      );
      expect(fromServer).toEqual(expected);

      const { page, problems } = await openPage(browser, '/events', PHONE);
      const shown = () =>
        page.$$eval('main h2, main article', (els) =>
          els.map((e) => (e.tagName === 'H2' ? e.textContent : e.getAttribute('aria-label'))),
        );
      expect(await shown()).toEqual(expected);
      expect(problems).toEqual([]);
      await page.browserContext().close();
    },
  );
});
