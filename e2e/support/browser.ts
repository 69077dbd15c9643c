import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer';
import { CHROMIUM_ARGS, journeyChromium } from './chromium';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');
  return url;
};

/**
 * A journey's browser. By default it is a browser without service workers (as some in-app browsers
 * and private windows are): `navigator.serviceWorker` is absent, so the app registers none. A first
 * visit's install (precaching the whole build, whose scripts Chromium then compiles for its code
 * cache) costs about 5 s of CPU per fresh context, nearly all of it after the page has loaded, and
 * the journeys open hundreds of fresh contexts on two cores. The journeys about the worker itself
 * (pwa, toasts' offline-ready toast, the install banner) ask for `{ serviceWorkers: true }`.
 */
export async function launchBrowser({
  serviceWorkers = false,
  fullBrowser = false,
}: {
  serviceWorkers?: boolean;
  /**
   * What only Chromium's browser layer has, not the headless shell (journeyChromium): the install
   * offer (beforeinstallprompt) and tabs hidden behind the one in front.
   */
  fullBrowser?: boolean;
} = {}): Promise<Browser> {
  const chromium = journeyChromium({ fullBrowser });
  if (!chromium) throw new Error('Chromium not found (set CHROME_PATH or apt-get install chromium)');
  const browser = await puppeteer.launch({ ...chromium, args: CHROMIUM_ARGS });
  return serviceWorkers ? browser : withoutServiceWorkers(browser);
}

/** Before a page's first navigation, its documents lose `navigator.serviceWorker` (see launchBrowser). */
const hideServiceWorkers = async (page: Page): Promise<Page> => {
  await page.evaluateOnNewDocument(() => {
    delete (Navigator.prototype as { serviceWorker?: unknown }).serviceWorker;
  });
  return page;
};

function withoutServiceWorkers(browser: Browser): Browser {
  const patchContext = (context: BrowserContext): BrowserContext => {
    const newPage = context.newPage.bind(context);
    context.newPage = async (...args) => hideServiceWorkers(await newPage(...args));
    return context;
  };
  const createBrowserContext = browser.createBrowserContext.bind(browser);
  browser.createBrowserContext = async (...args) => patchContext(await createBrowserContext(...args));
  // browser.newPage() opens its page through the default context.
  patchContext(browser.defaultBrowserContext());
  return browser;
}

/** A page that fails the test on any uncaught page error or console error it saw. */
export async function openPage(
  browser: Browser,
  path = '/',
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.setViewport(viewport);
  await page.goto(baseUrl() + path, { waitUntil: 'networkidle0' });
  return { page, problems };
}

/** Reads the app's Redux state through the read-only window hook main.tsx exposes. */
export async function readState<T>(page: Page, pick: string): Promise<T> {
  return page.evaluate((p) => {
    const state = (
      window as unknown as { __storefront: { getState: () => Record<string, unknown> } }
    ).__storefront.getState();
    return p.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], state);
  }, pick) as Promise<T>;
}

/**
 * Records every Content-Security-Policy violation in `page`'s documents (the `securitypolicyviolation`
 * event, fired even when the page catches the refusal, as a probe for eval does): installed before
 * any script runs; read them with `policyViolations` once the page has settled.
 */
export async function recordPolicyViolations(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { __policyViolations: string[] }).__policyViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} refused ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
}

/** The violations `recordPolicyViolations` saw in the page's current document. */
export const policyViolations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __policyViolations?: string[] }).__policyViolations ?? []);
