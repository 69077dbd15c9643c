import puppeteer, { type Browser, type Page } from 'puppeteer';
import { CHROMIUM_ARGS, findChromium } from './chromium';

export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');
  return url;
};

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (set CHROME_PATH or apt-get install chromium)');
  return puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
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
