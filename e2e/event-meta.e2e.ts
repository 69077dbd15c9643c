import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer';
import { launchBrowser, openPage } from './support/browser';
import { waitForPath, waitInPage } from './support/waitUntil';

/** Spec "Event detail": description and social tags from the event, exactly one of each, in Chromium. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const GENERIC = /<meta name="description" content="([^"]+)"/.exec(
  fs.readFileSync(path.join(__dirname, '../public/index.html'), 'utf8'),
)![1];
const TAGS = [
  'meta[name="description"]',
  'meta[property="og:title"]',
  'meta[property="og:description"]',
  'meta[property="og:image"]',
  'meta[property="og:type"]',
  'meta[property="og:url"]',
  'meta[name="twitter:card"]',
  'meta[name="twitter:title"]',
  'meta[name="twitter:description"]',
  'meta[name="twitter:image"]',
];

/** Every tag of TAGS in <head>, with the content of each copy. */
const head = (page: Page) =>
  page.evaluate(
    (selectors) =>
      Object.fromEntries(
        selectors.map((s) => [s, Array.from(document.head.querySelectorAll(s)).map((m) => m.getAttribute('content'))]),
      ),
    TAGS,
  );

it(
  'an event page opened directly has one description and one of each ' +
    'social tag, its own; leaving it brings the generic description back',
  async () => {
    const { page, problems } = await openPage(browser, '/events/velvet-static-unplugged');
    await page.waitForSelector('h1');
    const onEvent = await head(page);
    for (const selector of TAGS) expect({ selector, count: onEvent[selector]!.length }).toEqual({ selector, count: 1 });
    expect(onEvent['meta[name="description"]']).toEqual([
      expect.stringMatching(/^Stripped back to two acoustic guitars/),
    ]);
    expect(onEvent['meta[property="og:title"]']).toEqual(['The Velvet Static — Unplugged']);

    await page.locator('nav[aria-label="Main"] ::-p-text(Upcoming Events)').click();
    await waitForPath(page, '/events');
    await page.waitForSelector('h1');
    const away = await head(page);
    expect(away['meta[name="description"]']).toEqual([GENERIC]);
    for (const selector of TAGS.slice(1))
      expect({ selector, count: away[selector]!.length }).toEqual({ selector, count: 0 });

    // Back to the event (history): its own again.
    await page.goBack();
    await waitInPage(page, "the Velvet Static's heading", () => document.querySelector('h1')?.textContent, {
      until: (h1) => h1 === 'The Velvet Static — Unplugged',
    });
    expect((await head(page))['meta[name="description"]']).toEqual([expect.stringMatching(/^Stripped back/)]);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  },
);
