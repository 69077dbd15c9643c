// @widths both: layout — the header's menu button and its drawer at 390 px, its links at 1280
import type { Browser, HTTPRequest, Page } from 'puppeteer';
import { baseUrl, launchBrowser, openPage, readState } from './support/browser';
import { waitForPath, waitInPage, waitUntil } from './support/waitUntil';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true };

describe('first visit', () => {
  it(
    'a server-rendered screen comes with its guest token: the shell ' +
      'at once, no token request, the token stored as auth_token',
    async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push((e as Error).message));
      const tokenRequests: string[] = [];
      page.on('request', (req) => {
        if (req.url().endsWith('/v1/token/guest')) tokenRequests.push(req.url());
      });
      const response = await page.goto(baseUrl() + '/', { waitUntil: 'networkidle0' });
      const html = await response!.text();
      expect(html).toContain('<header');
      expect(html).not.toContain('data-testid="app-spinner"');
      const handed = /"guestToken":"([\w-]+\.[\w-]+\.[\w-]+)"/.exec(html)?.[1];
      expect(handed).toBeDefined();
      await waitInPage(page, 'the guest token to be stored', () => localStorage.getItem('auth_token'));
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(handed);
      expect(await readState<string>(page, 'auth.authToken')).toBe(handed);
      expect(tokenRequests).toEqual([]);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it(
    'a screen started in the browser (/cart) shows the spinner until a guest ' +
      'token exists, then the shell; the token is stored as auth_token',
    async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push((e as Error).message));
      // Hold the guest-token answer back a moment so the spinner can be seen; the real server answers it.
      await page.setRequestInterception(true);
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      page.on('request', (req: HTTPRequest) => {
        if (req.url().endsWith('/v1/token/guest')) void held.then(() => req.continue());
        else void req.continue();
      });
      await page.goto(baseUrl() + '/cart', { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('[data-testid="app-spinner"]');
      expect(await page.$('header')).toBeNull();
      release();
      await page.waitForSelector('header');
      expect(await page.$('[data-testid="app-spinner"]')).toBeNull();

      const stored = await page.evaluate(() => localStorage.getItem('auth_token'));
      expect(stored).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(await readState<string>(page, 'auth.authToken')).toBe(stored);
      await waitInPage(page, "demoUse to be 'true'", () => localStorage.getItem('demoUse'), {
        until: (v) => v === 'true',
      });
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it('keeps the same guest token on reload', async () => {
    const { page } = await openPage(browser, '/');
    const first = await page.evaluate(() => localStorage.getItem('auth_token'));
    await page.reload({ waitUntil: 'networkidle0' });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBe(first);
    await page.browserContext().close();
  });
});

describe('navigation', () => {
  it('header links navigate without a page load', async () => {
    const { page, problems } = await openPage(browser, '/');
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.locator('nav[aria-label="Main"] ::-p-text(Upcoming Events)').click();
    await waitForPath(page, '/events');
    await page.locator('nav[aria-label="Main"] ::-p-text(Home)').click();
    await waitForPath(page, '/');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('an unknown route shows the 404 page and Back to Home goes home', async () => {
    const { page, problems } = await openPage(browser, '/this/does/not/exist');
    await page.waitForSelector('::-p-text(Page Not Found)');
    expect(await page.evaluate(() => document.body.innerText)).toContain(
      "The page you are looking for doesn't exist or has been moved.",
    );
    await page.locator('::-p-text(Back to Home)').click();
    await waitForPath(page, '/');
    // The page came with HTTP 404 (no soft 404), which Chromium reports in the console; nothing else may.
    expect(problems).toEqual([expect.stringMatching(/status of 404 \(Not Found\)/)]);
    await page.browserContext().close();
  });

  it('an unknown API path is a JSON 404, not the app', async () => {
    const res = await fetch(`${baseUrl()}/v1/nothing`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false });
  });
});

describe('two tabs', () => {
  it('a persisted value changed in one tab reaches the other tab’s store', async () => {
    const context = await browser.createBrowserContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) await page.goto(baseUrl() + '/', { waitUntil: 'networkidle0' });

    await a.evaluate(() => localStorage.setItem('cartItems', JSON.stringify([{ assetId: 11 }, { assetId: 12 }])));
    await waitUntil(
      b,
      "the other tab's cart to follow",
      (p) => readState<number[]>(p, 'cart.lines.ids'),
      (ids) => ids.join() === '11,12',
    );

    await a.evaluate(() => localStorage.setItem('userID', '99'));
    const userId = (p: Page) => readState<string | null>(p, 'auth.userId');
    await waitUntil(b, "the other tab's user to follow", userId, (id) => id === '99');
    await a.evaluate(() => localStorage.removeItem('userID'));
    await waitUntil(b, "the other tab's user to be cleared", userId, (id) => id === null);
    await context.close();
  });

  it('a tab whose guest token was removed elsewhere fetches a new one', async () => {
    const context = await browser.createBrowserContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) await page.goto(baseUrl() + '/', { waitUntil: 'networkidle0' });
    const before = await readState<string>(b, 'auth.authToken');
    await a.evaluate(() => localStorage.removeItem('auth_token'));
    const token = (p: Page) => readState<string | null>(p, 'auth.authToken');
    await waitUntil(b, 'a new guest token in the other tab', token, (t) => t !== null && t !== before);
    await b.waitForSelector('header');
    await context.close();
  });
});

describe('phone width', () => {
  it('the mobile menu opens and closes at 390 px, and its links navigate', async () => {
    const { page, problems } = await openPage(browser, '/', PHONE);
    expect(await page.$eval('nav[aria-label="Main"]', (el) => getComputedStyle(el).display)).toBe('none');
    await page.locator('button[aria-label="Open menu"]').click();
    await page.waitForSelector('#mobile-menu');
    expect(await page.$eval('button[aria-label="Close menu"]', (el) => el.getAttribute('aria-expanded'))).toBe('true');
    await page.locator('button[aria-label="Close menu"]').click();
    await page.waitForSelector('#mobile-menu', { hidden: true });

    await page.locator('button[aria-label="Open menu"]').click();
    await page.locator('#mobile-menu ::-p-text(Upcoming Events)').click();
    await waitForPath(page, '/events');
    await page.waitForSelector('#mobile-menu', { hidden: true });
    expect(problems).toEqual([]);
    await page.browserContext().close();
  });

  it('hides header and footer on the player route', async () => {
    const { page } = await openPage(browser, '/player/some-event', PHONE);
    await page.waitForSelector('main');
    expect(await page.$('header')).toBeNull();
    expect(await page.$('footer')).toBeNull();
    await page.browserContext().close();
  });
});
