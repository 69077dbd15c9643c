import type { Page } from 'puppeteer';

/**
 * Waits until what `read` sees in the page passes `done`, and returns it. The page is read from
 * here (Node) every 100 ms: puppeteer's waitForFunction re-checks on animation frames by default,
 * and a tab that is not in front gets none, so there it checks once and never again. On timeout
 * the error says what it last saw and where the page was, not only that time ran out.
 */
export async function waitUntil<T>(
  page: Page,
  what: string,
  read: (page: Page) => Promise<T>,
  done: (seen: T) => boolean,
  timeout = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let seen: { value: T } | { error: unknown } = { error: new Error('never read') };
  for (;;) {
    try {
      const value = await read(page);
      if (done(value)) return value;
      seen = { value };
    } catch (error) {
      seen = { error }; // between two documents (a navigation) there is nothing to read: read again
    }
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const last = 'value' in seen ? JSON.stringify(seen.value) : `an error: ${(seen.error as Error).message}`;
  const text = await page
    .evaluate(() => document.body?.innerText.replace(/\s+/g, ' ').slice(0, 300) ?? '')
    .catch(() => '?');
  throw new Error(`waited ${timeout} ms for ${what}; last saw ${last}\npage ${page.url()}: «${text}»`);
}
