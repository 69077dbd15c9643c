// @widths both: layout — a row scrolls by 80 % at 390 px, and shows its thin scrollbar at 1280
import type { Browser, Page } from 'puppeteer';
import { SCROLL_AREA_HIDE_DELAY_MS, SCROLL_STEP_RATIO } from '../src/shared/constants';
import { DESKTOP, PHONE } from './support/axe';
import { launchBrowser, openPage } from './support/browser';
import { waitInPage, waitUntil } from './support/waitUntil';

/** docs/behaviour.md §2 "Home": the category rows' scroll buttons, at phone width, in Chromium. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const ROW = 'Watch On Demand';
const SECTION = `section[aria-label="${ROW}"]`;
const SCROLLER = `${SECTION} [data-testid="row-scroller"]`;
const RIGHT = `${SECTION} button[aria-label="Scroll ${ROW} right"]`;
const LEFT = `${SECTION} button[aria-label="Scroll ${ROW} left"]`;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The row's scroll position and sizes, and which buttons a visitor can see (shown, with a size). */
const rowState = (page: Page) =>
  page.$eval(SECTION, (section) => {
    const row = section.querySelector<HTMLElement>('[data-testid="row-scroller"]')!;
    const seen = (el: Element | null) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return getComputedStyle(el).visibility !== 'hidden' && r.width > 0 && r.height > 0
        ? { x: r.x, y: r.y, width: r.width, height: r.height }
        : null;
    };
    return {
      scrollLeft: row.scrollLeft,
      clientWidth: row.clientWidth,
      scrollWidth: row.scrollWidth,
      left: seen(section.querySelector('button[aria-label$=" left"]')),
      right: seen(section.querySelector('button[aria-label$=" right"]')),
      viewEvent: Array.from(section.querySelectorAll('a'))
        .filter((a) => a.textContent === 'View Event')
        .map(seen)
        .filter((b) => b !== null),
    };
  });

/** Clicks a scroll button and waits for the row's smooth scroll to end (scrollend), snapping included. */
async function clickAndSettle(page: Page, button: string) {
  await page.$eval(SCROLLER, (row) => {
    (window as unknown as { __scrolled: boolean }).__scrolled = false;
    row.addEventListener(
      'scrollend',
      () => {
        (window as unknown as { __scrolled: boolean }).__scrolled = true;
      },
      { once: true },
    );
  });
  await page.locator(button).click();
  const scrolled = async (p: Page) => ({
    scrolled: await p.evaluate(() => (window as unknown as { __scrolled: boolean }).__scrolled),
    row: await rowState(p),
  });
  await waitUntil(page, 'the row to finish scrolling (scrollend)', scrolled, (s) => s.scrolled, 5000);
}

it(
  'at 390 px a row with more events than fit scrolls by 80 % of its ' +
    'width with its buttons, which show only where there is more',
  async () => {
    const { page, problems } = await openPage(browser, '/', PHONE);
    await page.$eval(SECTION, (s) => s.scrollIntoView({ block: 'center' }));
    await page.waitForSelector(RIGHT, { visible: true, timeout: 5000 }).catch(async (err) => {
      throw new Error(`no visible right button: ${JSON.stringify(await rowState(page))}`, { cause: err });
    });

    const start = await rowState(page);
    expect(start.scrollWidth).toBeGreaterThan(start.clientWidth);
    expect(start.scrollLeft).toBe(0);
    expect(start.left).toBeNull();
    // WCAG 2.2 2.5.8: at least 24 × 24 CSS px (these are 44, a comfortable thumb).
    expect(start.right!.width).toBeGreaterThanOrEqual(44);
    expect(start.right!.height).toBeGreaterThanOrEqual(44);
    // It sits on the posters, clear of every card's own 'View Event' button.
    expect(start.viewEvent.length).toBeGreaterThan(0);
    expect(start.viewEvent.filter((b) => overlaps(b, start.right!))).toEqual([]);

    await clickAndSettle(page, RIGHT);
    const moved = await rowState(page);
    expect(Math.abs(moved.scrollLeft - start.scrollLeft - SCROLL_STEP_RATIO * start.clientWidth)).toBeLessThanOrEqual(
      2,
    );
    expect(moved.left).not.toBeNull();
    expect(moved.right).not.toBeNull();
    expect(moved.viewEvent.filter((b) => overlaps(b, moved.left!) || overlaps(b, moved.right!))).toEqual([]);

    await clickAndSettle(page, LEFT);
    expect(Math.abs((await rowState(page)).scrollLeft)).toBeLessThanOrEqual(2);
    await page.waitForSelector(LEFT, { hidden: true });

    // On to the end: each step 80 % (the last one what is left), then the right button goes.
    for (let step = 0; step < 20 && (await page.$(RIGHT)); step += 1) {
      const before = await rowState(page);
      await clickAndSettle(page, RIGHT);
      const after = await rowState(page);
      const left = before.scrollWidth - before.clientWidth - before.scrollLeft;
      expect(
        Math.abs(after.scrollLeft - before.scrollLeft - Math.min(left, SCROLL_STEP_RATIO * before.clientWidth)),
      ).toBeLessThanOrEqual(2);
    }
    await page.waitForSelector(RIGHT, { hidden: true });
    const end = await rowState(page);
    expect(end.scrollLeft + end.clientWidth).toBeGreaterThanOrEqual(end.scrollWidth - 1);
    expect(end.left).not.toBeNull();
    // The buttons overhang the row into the page's margin, never past the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  },
);

type ScrollbarLog = { lastScroll: number; changes: { at: number; scrolling: boolean; color: string; width: string }[] };

it("a row's thin scrollbar shows while it scrolls, hides 600 ms after the last (docs/behaviour.md §9)", async () => {
  const { page, problems } = await openPage(browser, '/', DESKTOP);
  await page.bringToFront();
  await page.$eval(SECTION, (s) => s.scrollIntoView({ block: 'center' }));
  const style = () =>
    page.$eval(SCROLLER, (row) => ({
      color: getComputedStyle(row).scrollbarColor,
      width: getComputedStyle(row).scrollbarWidth,
    }));
  // At rest: the scrollbar keeps its room (thin) but is not drawn (transparent thumb and track).
  expect(await style()).toEqual({ color: 'rgba(0, 0, 0, 0) rgba(0, 0, 0, 0)', width: 'thin' });

  // The page notes, by its own clock, each scroll event and each time the row's scrollbar comes or
  // goes, with its computed style.
  await page.$eval(SCROLLER, (row) => {
    const log: ScrollbarLog = { lastScroll: 0, changes: [] };
    (window as unknown as { __scrollbar: ScrollbarLog }).__scrollbar = log;
    row.addEventListener(
      'scroll',
      () => {
        log.lastScroll = performance.now();
      },
      { passive: true },
    );
    new MutationObserver(() => {
      const { scrollbarColor: color, scrollbarWidth: width } = getComputedStyle(row);
      log.changes.push({ at: performance.now(), scrolling: row.hasAttribute('data-scrolling'), color, width });
    }).observe(row, { attributes: true, attributeFilter: ['data-scrolling'] });
  });
  const box = (await (await page.$(SCROLLER))!.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.wheel({ deltaX: 400 });
  const log = await waitInPage(
    page,
    'the scrollbar to come and go',
    () => (window as unknown as { __scrollbar: ScrollbarLog }).__scrollbar,
    { until: (l) => l.changes.length >= 2, timeout: 5000 },
  );
  expect(log.changes).toHaveLength(2);
  const [shown, hidden] = [log.changes[0]!, log.changes[1]!];
  // While scrolling: a thin thumb in the secondary text colour (#b9b4c7) over a clear track.
  expect(shown).toMatchObject({ scrolling: true, color: 'rgb(185, 180, 199) rgba(0, 0, 0, 0)', width: 'thin' });
  expect(hidden).toMatchObject({ scrolling: false, color: 'rgba(0, 0, 0, 0) rgba(0, 0, 0, 0)', width: 'thin' });
  // Gone 600 ms after the last scroll event: never sooner, and soon after (a late timer on a busy
  // machine has been 290 ms behind; a scrollbar that stayed would never change back).
  expect(hidden.at - log.lastScroll).toBeGreaterThanOrEqual(SCROLL_AREA_HIDE_DELAY_MS - 1);
  expect(hidden.at - log.lastScroll).toBeLessThan(SCROLL_AREA_HIDE_DELAY_MS + 1000);
  expect(problems).toEqual([]);
  await page.browserContext().close();
});
