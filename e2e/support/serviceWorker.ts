import type { Page } from 'puppeteer';
import { OFFLINE_READY_MESSAGE } from '../../src/client/app/serviceWorker';

/**
 * A fresh browser context installs the service worker on its first page, which then shows the
 * offline-ready toast. Journeys that count or measure toasts wait for it and close it first, so
 * the toasts they raise are the only ones on screen.
 */
export async function closeOfflineReadyToast(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 20_000 });
  const toast = await page.waitForSelector(`::-p-xpath(//*[@data-toast][contains(., "${OFFLINE_READY_MESSAGE}")])`, { timeout: 10_000 });
  await (await toast!.$('button[aria-label="Dismiss notification"]'))!.click();
  await page.waitForFunction(() => document.querySelectorAll('[data-toast]').length === 0, { timeout: 5000 });
}
