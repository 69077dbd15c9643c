// @widths desktop: axe audits every screen at 1280 px (its phone twin is a11y-phone)
import type { Browser } from 'puppeteer';
import { launchBrowser } from './support/browser';
import { WIDTHS, auditEveryScreenAt } from './support/a11yScreens';

/**
 * Every screen built so far passes axe-core's WCAG 2.2 A and AA rules at desktop width, signed out and
 * signed in, with nothing switched off and nothing excluded. A failure lists each rule, its impact
 * and the elements that break it.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

auditEveryScreenAt(WIDTHS[1]!, () => browser);
