import type { Page } from 'puppeteer';
import { OFFLINE_READY_MESSAGE } from '../../src/client/app/serviceWorker';
import { waitInPage } from './waitUntil';

/**
 * A fresh browser context installs the service worker on its first page, which then shows the
 * offline-ready toast. Journeys that count or measure toasts wait for it and close it first, so
 * the toasts they raise are the only ones on screen.
 */
export async function closeOfflineReadyToast(page: Page): Promise<void> {
  await waitForServiceWorkerControl(page);
  const toast = await page.waitForSelector(`::-p-xpath(//*[@data-toast][contains(., "${OFFLINE_READY_MESSAGE}")])`, {
    timeout: 10_000,
  });
  // Clicked in the page: the toast may still be sliding in, which a mouse click would miss.
  await toast!.$eval('button[aria-label="Dismiss notification"]', (b) => (b as HTMLButtonElement).click());
  await waitInPage(page, 'the offline-ready toast to close', () => document.querySelectorAll('[data-toast]').length, {
    until: (n) => n === 0,
    timeout: 5000,
  });
}

/** Waits until a service worker controls the page; returns its script's URL. */
export function waitForServiceWorkerControl(page: Page, timeout = 20_000): Promise<string | undefined> {
  return waitInPage(page, 'a service worker to control the page', () => navigator.serviceWorker.controller?.scriptURL, {
    timeout,
  });
}
