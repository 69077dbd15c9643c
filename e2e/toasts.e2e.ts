// @widths both: layout — toasts span a phone at 390 px and sit at the left at 1280, with the band under the footer
import type { Browser, Page } from 'puppeteer';
import { OFFLINE_READY_MESSAGE } from '../src/client/app/serviceWorker';
import { DESKTOP, PHONE, axeViolations, describeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { observeFor, waitInPage, waitUntil } from './support/waitUntil';

// Each test opens its own browser page and signs in: past 30 s beside another journey on a busy machine.
jest.setTimeout(90_000);

/**
 * docs/behaviour.md §9 toasts in a real browser: bottom-right of the viewport, never more than 3 on screen, gone
 * 4000 ms after they appear. Toasts are raised by submitting an invalid e-mail on /sign-in (a check
 * made in the page, no request).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type Rect = { top: number; right: number; bottom: number; left: number; width: number };
const toastRects = (page: Page) =>
  page.$$eval('#notistack-snackbar', (els) =>
    els.map((e) => {
      const r = (e.closest('[data-toast]') ?? e).getBoundingClientRect();
      return { top: r.top, right: r.right, bottom: r.bottom, left: r.left, width: r.width };
    }),
  );

async function openSignIn(width: number, height: number) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width, height });
  // Largest number of toasts on screen at once, sampled at every DOM change.
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __maxToasts: number };
    w.__maxToasts = 0;
    new MutationObserver(() => {
      w.__maxToasts = Math.max(w.__maxToasts, document.querySelectorAll('#notistack-snackbar').length);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'networkidle0' });
  await page.evaluate(() => {
    (window as unknown as { __maxToasts: number }).__maxToasts = 0;
  });
  const input = await page.waitForSelector('::-p-aria(E-mail address)');
  await input!.type('not-an-email');
  return { page, context };
}
const submit = (page: Page) => page.locator('::-p-text(Continue with e-mail)').click();

it.each([
  [1280, 900],
  [390, 844],
])('at %d×%d px toasts sit at the bottom right and at most 3 show at once', async (width, height) => {
  const { page, context } = await openSignIn(width, height);
  for (let i = 0; i < 5; i += 1) await submit(page);
  // Let the oldest ones make room and the newest slide in (nothing moving any more) before measuring.
  await settledToasts(page, 3);

  const rects: Rect[] = await toastRects(page);
  expect(rects).toHaveLength(3);
  for (const r of rects) {
    // Right edge near the viewport's right edge, inside it.
    expect(r.right).toBeLessThanOrEqual(width);
    expect(width - r.right).toBeLessThanOrEqual(32);
    // In the lower part of the screen, not the upper.
    expect(r.top).toBeGreaterThan(height / 2);
    expect(r.bottom).toBeLessThanOrEqual(height);
  }
  // The stack ends at the bottom edge.
  expect(height - Math.max(...rects.map((r) => r.bottom))).toBeLessThanOrEqual(32);
  expect(await page.evaluate(() => (window as unknown as { __maxToasts: number }).__maxToasts)).toBe(3);
  await context.close();
});

it('a toast leaves about 4000 ms after it appears', async () => {
  const { page, context } = await openSignIn(1280, 900);
  await submit(page);
  const appeared = await page.waitForSelector('#notistack-snackbar').then(() => Date.now());
  await page.waitForSelector('#notistack-snackbar', { hidden: true, timeout: 10_000 });
  const lasted = Date.now() - appeared;
  // 4000 ms on screen plus the exit transition (a few hundred ms) and the test's own latency.
  expect(lasted).toBeGreaterThanOrEqual(3900);
  expect(lasted).toBeLessThan(6000);
  await context.close();
});

/** Waits until `count` toasts are on screen and none is moving (enter and exit transitions over). */
async function settledToasts(page: Page, count: number) {
  const motion = () => {
    const toasts = Array.from(document.querySelectorAll('[data-toast]'));
    return {
      toasts: toasts.length,
      animations: document.getAnimations().length,
      moved: toasts.filter((t) => getComputedStyle(t.parentElement!).transform !== 'none').length,
    };
  };
  await waitInPage(page, `${count} toasts, none moving`, motion, {
    until: (m) => m.toasts === count && m.animations === 0 && m.moved === 0,
    timeout: 5000,
  });
}

it('at 1280 px each toast is 356 px wide and neighbours are 14 px apart', async () => {
  const { page, context } = await openSignIn(1280, 900);
  for (let i = 0; i < 3; i += 1) await submit(page);
  await settledToasts(page, 3);
  const rects = (await toastRects(page)).sort((a, b) => a.top - b.top);
  for (const r of rects) expect(Math.abs(r.width - 356)).toBeLessThanOrEqual(1);
  for (let i = 1; i < rects.length; i += 1)
    expect(Math.abs(rects[i]!.top - rects[i - 1]!.bottom - 14)).toBeLessThanOrEqual(1);
  await context.close();
});

it('a fourth toast hides the oldest', async () => {
  const { page, context } = await openSignIn(1280, 900);
  for (let i = 0; i < 3; i += 1) await submit(page);
  await settledToasts(page, 3);
  // The oldest is the first added to the document; mark it, then raise a fourth.
  await page.$$eval('[data-toast]', (els) => {
    (els[0] as HTMLElement).dataset.oldest = '1';
  });
  await submit(page);
  await waitInPage(page, 'the oldest toast to go', () => document.querySelector('[data-oldest]')?.textContent ?? null, {
    until: (oldest) => oldest === null,
    timeout: 5000,
  });
  await settledToasts(page, 3);
  await context.close();
});

it('Alt+T moves focus to the newest toast; Escape closes it', async () => {
  const { page, context } = await openSignIn(1280, 900);
  await submit(page);
  await page.waitForSelector('[data-toast]');
  expect(await page.evaluate(() => document.activeElement?.closest('[data-toast]') ?? null)).toBeNull();
  await page.keyboard.down('Alt');
  await page.keyboard.press('KeyT');
  await page.keyboard.up('Alt');
  await waitInPage(page, 'focus on the newest toast', () => document.activeElement?.outerHTML.slice(0, 80), {
    until: (focused) => focused?.includes('data-toast') === true,
    timeout: 2000,
  });
  expect(await page.evaluate(() => document.activeElement!.textContent)).toContain(
    'Please Enter a valid email address',
  );
  await page.keyboard.press('Escape');
  await page.waitForSelector('[data-toast]', { hidden: true, timeout: 3000 });
  await context.close();
});

it.each([
  [60, true],
  [20, false],
])('a drag of %d px: dismissed %s', async (dx, dismissed) => {
  const { page, context } = await openSignIn(1280, 900);
  await submit(page);
  await settledToasts(page, 1);
  const box = (await (await page.$('#notistack-snackbar'))!.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 10, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 10 + dx / 2, y, { steps: 3 });
  await page.mouse.move(box.x + 10 + dx, y, { steps: 3 });
  await page.mouse.up();
  // Well inside the 4000 ms a toast lives anyway: a dismissed one goes at once, a kept one stays.
  const count = () => page.$$('[data-toast]').then((toasts) => toasts.length);
  if (dismissed) await waitUntil(page, 'the dragged toast to go', count, (n) => n === 0, 2000);
  else await observeFor(1200, 'the toast stays after a short drag', count, (n) => n === 1);
  await context.close();
});

it.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])('axe at %s width with toasts on screen: no violations', async (_n, viewport) => {
  const { page, context } = await openSignIn(viewport.width, 844);
  await page.setViewport(viewport);
  for (let i = 0; i < 3; i += 1) await submit(page);
  await settledToasts(page, 3);
  expect(describeViolations(await axeViolations(page))).toBe('');
  await context.close();
});

it(
  'at 390 px the band under the footer comes only once the view reaches what a toast covers, ' +
    'and goes with the toast',
  async () => {
    // The first visit's offline-ready toast needs the service worker (launchBrowser leaves it out).
    const withWorker = await launchBrowser({ serviceWorkers: true });
    const context = await withWorker.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport(PHONE);
    await page.goto(`${baseUrl()}/events`, { waitUntil: 'networkidle0' });
    // The first visit's offline-ready toast, held on screen: a focused toast does not time out.
    await page.waitForSelector(`::-p-xpath(//*[@data-toast][contains(., "${OFFLINE_READY_MESSAGE}")])`, {
      timeout: 20_000,
    });
    await page.keyboard.down('Alt');
    await page.keyboard.press('KeyT');
    await page.keyboard.up('Alt');
    await waitInPage(page, 'focus on the toast', () => document.activeElement?.closest('[data-toast]') !== null);
    const layout = () =>
      page.evaluate(() => {
        const footer = document.querySelector('footer')!.getBoundingClientRect();
        const lastLink = document.querySelector('footer a[aria-label="Instagram"]')!.getBoundingClientRect();
        const toast = document.querySelector('[data-toast]')?.getBoundingClientRect();
        return {
          band: getComputedStyle(document.body).paddingBottom,
          belowFooter: Math.round(document.documentElement.scrollHeight - (footer.bottom + scrollY)),
          lastLinkBottom: lastLink.bottom,
          toastTop: toast?.top ?? null,
        };
      });
    // Over the top of a long page the toast covers nothing of its end: no band.
    expect(await layout()).toMatchObject({ band: '0px', belowFooter: 0 });
    const toTheEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await toTheEnd();
    await waitUntil(page, 'the band under the footer', layout, (l) => l.band !== '0px');
    await toTheEnd();
    const atEnd = await waitUntil(page, 'the view at the end of the band', layout, (l) => l.belowFooter > 0);
    // Scrolled to the end, the footer's last link is clear of the toast.
    expect(atEnd.lastLinkBottom).toBeLessThanOrEqual(atEnd.toastTop!);
    await page.keyboard.press('Escape');
    await waitUntil(page, 'the band to go with the toast', layout, (l) => l.band === '0px' && l.belowFooter === 0);
    await withWorker.close();
  },
);
