import type { Page } from 'puppeteer';
import { OFFLINE_READY_MESSAGE } from '../../src/client/app/serviceWorker';

/**
 * A fresh browser context installs the service worker on its first page, which then shows the
 * offline-ready toast. Journeys that count or measure toasts wait for it and close it first, so
 * the toasts they raise are the only ones on screen.
 */
export async function closeOfflineReadyToast(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20_000 });
  const toast = await page.waitForSelector(`::-p-xpath(//*[@data-toast][contains(., "${OFFLINE_READY_MESSAGE}")])`, {
    timeout: 10_000,
  });
  // Clicked in the page: the toast may still be sliding in, which a mouse click would miss.
  await toast!.$eval('button[aria-label="Dismiss notification"]', (b) => (b as HTMLButtonElement).click());
  await page.waitForFunction(() => document.querySelectorAll('[data-toast]').length === 0, { timeout: 5000 });
}
