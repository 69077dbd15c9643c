import type { Browser, Page } from 'puppeteer';
import { baseUrl, launchBrowser } from './support/browser';

/**
 * Spec §9 toasts in a real browser: bottom-right of the viewport, never more than 3 on screen, gone
 * 4000 ms after they appear. Toasts are raised by submitting an invalid e-mail on /sign-in (a check
 * made in the page, no request).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type Rect = { top: number; right: number; bottom: number; left: number; width: number };
const toastRects = (page: Page) => page.$$eval('#notistack-snackbar', (els) => els.map((e) => {
  const r = (e.closest('[role="alert"]') ?? e).getBoundingClientRect();
  return { top: r.top, right: r.right, bottom: r.bottom, left: r.left, width: r.width };
}));

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
  const input = await page.waitForSelector('::-p-aria(E-mail address)');
  await input!.type('not-an-email');
  return { page, context };
}
const submit = (page: Page) => page.locator('::-p-text(Continue with e-mail)').click();

it.each([[1280, 900], [390, 844]])('at %d×%d px toasts sit at the bottom right and at most 3 show at once', async (width, height) => {
  const { page, context } = await openSignIn(width, height);
  for (let i = 0; i < 5; i += 1) await submit(page);
  // Let the oldest ones make room and the newest slide in (nothing moving any more) before measuring.
  await page.waitForFunction(() => {
    const alerts = Array.from(document.querySelectorAll('#notistack-snackbar')).map((e) => e.closest('[role="alert"]')!);
    return alerts.length >= 3 && alerts.every((a) => getComputedStyle(a).transform === 'none' && a.getAnimations().length === 0);
  }, { timeout: 5000 });

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
