// @widths both: layout — on a phone the price and Add to cart fit the first screen; heads and times at 1280
import type { Browser, Page } from 'puppeteer';
import { PLAYER_REFUSED } from '../src/client/features/catalog/event/PlayerRefusedNotice';
import { PHONE } from './support/axe';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { waitForPath, waitInPage } from './support/waitUntil';

/**
 * The event page in Chromium: the head the visitor's browser keeps (one of each tag, the page's own,
 * replaced as they move), the 404 page named in the tab, show times a visitor can trust (their own
 * zone beside New York's, a countdown to the moment the label names), the price and the button on a
 * phone's first screen, and a premium player link that explains itself.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const TAGS = [
  'meta[name="description"]',
  'link[rel="canonical"]',
  'meta[property="og:title"]',
  'meta[property="og:description"]',
  'meta[property="og:image"]',
  'meta[property="og:url"]',
  'meta[name="twitter:card"]',
  'script[type="application/ld+json"]',
];

/** What <head> holds of TAGS (each copy's content), and the document's title. */
const head = (page: Page) =>
  page.evaluate(
    (selectors) => ({
      title: document.title,
      titles: document.querySelectorAll('title').length,
      ...Object.fromEntries(
        selectors.map((s) => [
          s,
          Array.from(document.head.querySelectorAll(s)).map(
            (m) => m.getAttribute('content') ?? m.getAttribute('href') ?? m.textContent,
          ),
        ]),
      ),
    }),
    TAGS,
  ) as Promise<Record<string, string[]> & { title: string; titles: number }>;

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Chrome/156.0.0.0 Mobile Safari/537.36';

/** A page in its own browser context, in a time zone of our choosing, opened at `path`. */
async function pageIn(timezone: string, path: string, viewport: { width: number; height: number } = PHONE) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.emulateTimezone(timezone);
  // A phone's browser, so the install banner comes as it does there.
  if (viewport === PHONE) await page.setUserAgent({ userAgent: ANDROID });
  await page.setViewport(viewport);
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

it('an event page has one of each tag, its own; moving on replaces them and Back brings them back', async () => {
  const { page, problems } = await openPage(browser, '/events/velvet-static-unplugged');
  await page.waitForSelector('h1');
  const onEvent = await head(page);
  expect(onEvent.title).toBe('The Velvet Static — Unplugged — AllAccess');
  expect(onEvent.titles).toBe(1);
  for (const s of TAGS) expect({ s, count: onEvent[s]!.length }).toEqual({ s, count: 1 });
  expect(onEvent['meta[property="og:title"]']).toEqual(['The Velvet Static — Unplugged']);
  expect(onEvent['meta[name="description"]']).toEqual([expect.stringMatching(/^Stripped back/)]);

  await page.locator('nav[aria-label="Main"] ::-p-text(Upcoming Events)').click();
  await waitForPath(page, '/events');
  const away = await waitInPage(page, "the events page's title", () => document.title, {
    until: (t) => t === 'Upcoming Events — AllAccess',
  });
  expect(away).toBe('Upcoming Events — AllAccess');
  const onEvents = await head(page);
  expect(onEvents['meta[property="og:title"]']).toEqual(['Upcoming Events']);
  expect(onEvents['link[rel="canonical"]']).toEqual([expect.stringMatching(/\/events$/)]);
  expect(onEvents['script[type="application/ld+json"]']).toEqual([]);
  expect(onEvents.titles).toBe(1);

  await page.goBack();
  await waitInPage(page, "the event's title again", () => document.title, {
    until: (t) => t === 'The Velvet Static — Unplugged — AllAccess',
  });
  expect((await head(page))['meta[name="description"]']).toEqual([expect.stringMatching(/^Stripped back/)]);
  expect(problems).toEqual([]);
  await page.browserContext().close();
});

it('the 404 page is named in the tab, opened directly (HTTP 404) or reached inside the app', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const response = await page.goto(`${baseUrl()}/events/no-such-event`, { waitUntil: 'networkidle0' });
  expect(response?.status()).toBe(404);
  await page.waitForSelector('::-p-text(Page Not Found)');
  expect(await page.title()).toBe('Page Not Found — AllAccess');
  expect(await page.$eval('meta[name="robots"]', (m) => m.getAttribute('content'))).toBe('noindex');

  await page.goto(`${baseUrl()}/events`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/no/such/page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await waitInPage(page, 'the 404 title after moving inside the app', () => document.title, {
    until: (t) => t === 'Page Not Found — AllAccess',
  });
  await context.close();
});

/** 'Nov 26, 2026, 8:00 PM EST' → the instant it names. */
function newYorkInstant(label: string): number {
  const m = /(\w{3}) (\d+), (\d{4}), (\d+):(\d{2}) (AM|PM) (EST|EDT)/.exec(label);
  if (!m) throw new Error(`not a New York time: ${label}`);
  const month = 'JanFebMarAprMayJunJulAugSepOctNovDec'.indexOf(m[1]!) / 3;
  const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0) + (m[7] === 'EST' ? 5 : 4);
  return Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5]));
}

/** 'Show begins in 01 D 02 H :03 M :04 S' → milliseconds. */
function countdownMs(text: string): number {
  const m = /(?:(\d+) D )?(\d+) H :(\d+) M :(\d+) S/.exec(text);
  if (!m) throw new Error(`not a countdown: ${text}`);
  return (((Number(m[1] ?? 0) * 24 + Number(m[2])) * 60 + Number(m[3])) * 60 + Number(m[4])) * 1000;
}

it("a visitor abroad sees their own time beside New York's, and the countdown ends at the stated time", async () => {
  // A free live show tomorrow: any visitor holds access, so the page counts down to it.
  const page = await pageIn('Europe/Berlin', '/events/midnight-brass-club', { width: 1280, height: 900 });
  const countdown = await page.waitForSelector('[data-testid="countdown"]');
  const stated = await page.$eval('[data-testid="event-when"]', (p) => p.textContent ?? '');
  const left = countdownMs((await countdown!.evaluate((b) => b.textContent)) ?? '');
  // The countdown counts to the very moment the New York label names (within its one-second tick).
  expect(Math.abs(Date.now() + left - newYorkInstant(stated))).toBeLessThan(3000);
  const own = await page.$eval('[data-testid="visitor-time"]', (p) => p.textContent);
  const berlin = new Date(newYorkInstant(stated)).toLocaleString('en-US', {
    timeZone: 'Europe/Berlin',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  expect(own).toBe(`Your time: ${berlin}`);
  await page.browserContext().close();

  // In New York the label is the visitor's own time: nothing to add.
  const inNewYork = await pageIn('America/New_York', '/events/midnight-brass-club');
  await inNewYork.waitForSelector('[data-testid="countdown"]');
  expect(await inNewYork.$('[data-testid="visitor-time"]')).toBeNull();
  await inNewYork.browserContext().close();
});

it('on a phone the price and Add to cart are on the first screen, and the footer is reachable at the end', async () => {
  const page = await pageIn('America/Chicago', '/events/velvet-static-unplugged');
  const button = await page.waitForSelector('::-p-aria([name="Add to cart"][role="button"])');
  // Measured once the install banner is up at the bottom of the screen: it must not cover them.
  await page.waitForSelector('aside[aria-label="Install app"]', { visible: true });
  /** Whether an element lies within the first screen and is what a tap at its centre would reach. */
  const onFirstScreen = (selector: string) =>
    page.$eval(selector, (el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return { inView: r.top >= 0 && r.bottom <= window.innerHeight, reachable: !!hit && el.contains(hit) };
    });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await onFirstScreen('[data-testid="price"]')).toEqual({ inView: true, reachable: true });
  await button!.evaluate((b) => b.setAttribute('data-action', ''));
  expect(await onFirstScreen('[data-action]')).toEqual({ inView: true, reachable: true });

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footer = await waitInPage(
    page,
    'the footer at the bottom of the screen',
    () => {
      const f = document.querySelector('footer')!.getBoundingClientRect();
      return { bottom: Math.round(f.bottom), innerHeight: window.innerHeight, top: Math.round(f.top) };
    },
    { until: (f) => f.top < f.innerHeight },
  );
  expect(footer.top).toBeLessThan(footer.innerHeight);
  // The description is all there, above the footer.
  expect(await page.$eval('main', (m) => m.textContent)).toContain('Filmed with up to nine cameras');
  await page.browserContext().close();
});

it('a guest who opens a premium player link lands on the event page, told why and what to do', async () => {
  const { page, problems } = await openPage(browser, '/player/velvet-static-unplugged');
  await waitForPath(page, '/events/velvet-static-unplugged');
  const notice = await page.waitForSelector(`::-p-text(${PLAYER_REFUSED.guest})`);
  expect(await notice!.evaluate((n) => n.closest('[role="status"]') !== null)).toBe(true);
  expect(await page.$('[role="status"] ::-p-aria([name="Sign in"])')).not.toBeNull();
  // Reached any other way (a link, a shared address), the page says nothing of the kind. (A reload of
  // the same entry keeps its history state, and the note with it, as it should.)
  await page.goto(`${baseUrl()}/events/velvet-static-unplugged?ref=share`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('h1');
  expect(await page.$(`::-p-text(${PLAYER_REFUSED.guest})`)).toBeNull();
  expect(problems).toEqual([]);
  await page.browserContext().close();
});
