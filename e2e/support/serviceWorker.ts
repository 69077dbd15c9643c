import type { Page } from 'puppeteer';
import { waitInPage } from './waitUntil';

/** Waits until a service worker controls the page; returns its script's URL. */
export function waitForServiceWorkerControl(page: Page, timeout = 20_000): Promise<string | undefined> {
  return waitInPage(page, 'a service worker to control the page', () => navigator.serviceWorker.controller?.scriptURL, {
    timeout,
  });
}
