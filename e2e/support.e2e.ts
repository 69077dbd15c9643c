// @widths both: axe — the panel at 1280 px; opened by its keys and audited at both widths
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'puppeteer';
import { DESKTOP, PHONE, axeViolations, describeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { observeFor, poll, waitForPath, waitInPage } from './support/waitUntil';

/**
 * Support replay in Chromium: a guest's cart and redirect marker exported from one browser context
 * (no token in the file) and imported into a fresh one, which then shows the same cart; a malformed
 * file refused with nothing changed; the panel accessible at phone and desktop width.
 */
const EVENT = { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged' };
const SPEC_KEYS = [
  'auth_token',
  'user_token',
  'userID',
  'userName',
  'demoUse',
  'cartItems',
  'guest_cart_token',
  'redirect_url',
];
let browser: Browser;
let downloads: string;
beforeAll(async () => {
  browser = await launchBrowser();
  downloads = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-support-'));
});
afterAll(async () => {
  await browser.close();
  fs.rmSync(downloads, { recursive: true, force: true });
});

const dialog = (page: Page) => page.waitForSelector('[role="dialog"] ::-p-text(Support tools)', { timeout: 10_000 });
const storage = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), SPEC_KEYS);
const statusText = (page: Page, role: 'status' | 'alert') =>
  page.$eval(`[role="dialog"] [role="${role}"]`, (el) => el.textContent ?? '');

async function newPage(context: BrowserContext, viewport: { width: number; height: number } = DESKTOP) {
  const page = await context.newPage();
  await page.setViewport(viewport);
  return page;
}

/** Clicks 'Export state' and returns the file Chromium saved. */
async function exportState(context: BrowserContext, page: Page): Promise<{ file: string; text: string }> {
  const dir = fs.mkdtempSync(path.join(downloads, 'export-'));
  const cdp = await browser.target().createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, browserContextId: context.id });
  await page.locator('::-p-aria([name="Export state"][role="button"])').click();
  // Chromium names the file before it has finished writing it: done once it reads as JSON.
  const saved = () => {
    const files = fs.readdirSync(dir);
    const json = files.find((f) => f.endsWith('.json'));
    const text = json ? fs.readFileSync(path.join(dir, json), 'utf8') : '';
    try {
      return { files, file: json && path.join(dir, json), text, complete: JSON.parse(text) !== null };
    } catch {
      return { files, file: json && path.join(dir, json), text: text.slice(0, 80), complete: false };
    }
  };
  const done = await poll(`the exported file in ${dir}`, saved, (s) => s.complete, { timeout: 10_000 });
  return { file: done.file!, text: done.text };
}

async function uploadState(page: Page, file: string) {
  const input = await page.$('[role="dialog"] input[type="file"]');
  await input!.uploadFile(file);
}

it(
  "exports a guest's cart and redirect marker without a " + 'token; a fresh browser imports it and shows that cart',
  async () => {
    // The customer: a guest puts an event in the cart and is sent to sign in from checkout ('cart' marker).
    const customer = await browser.createBrowserContext();
    const page = await newPage(customer);
    await page.goto(`${baseUrl()}/events/${EVENT.path}`, { waitUntil: 'networkidle0' });
    await page.locator('::-p-aria([name="Add to cart"][role="button"])').click();
    await page.waitForSelector(`[data-testid="cart-item"] ::-p-text(${EVENT.title})`);
    await page.goto(`${baseUrl()}/checkout`, { waitUntil: 'networkidle0' });
    await waitForPath(page, '/sign-in');
    const own = await storage(page);
    expect(own.redirect_url).toBe('cart');
    expect(own.auth_token).toMatch(/^eyJ/);
    expect(own.guest_cart_token).toEqual(expect.any(String));

    await page.goto(`${baseUrl()}/sign-in?support=1`, { waitUntil: 'networkidle0' });
    await dialog(page);
    const { file, text } = await exportState(customer, page);
    for (const secret of [own.auth_token!, own.guest_cart_token!]) expect(text).not.toContain(secret);
    const exported = JSON.parse(text);
    expect(exported).toMatchObject({ kind: 'allaccess-support-state', version: 1, location: '/sign-in' });
    expect(exported.localStorage).toMatchObject({
      auth_token: '[redacted]',
      guest_cart_token: '[redacted]',
      user_token: null,
      redirect_url: 'cart',
    });
    const eventId = JSON.parse(own.cartItems!)[0].assetId;
    expect(exported.localStorage.cartItems.map((l: { assetId: number }) => l.assetId)).toEqual([eventId]);
    await customer.close();

    // Support: a fresh browser, the file imported.
    const support = await browser.createBrowserContext();
    const replay = await newPage(support);
    await replay.goto(`${baseUrl()}/?support=1`, { waitUntil: 'networkidle0' });
    await dialog(replay);
    await uploadState(replay, file);
    await waitInPage(
      replay,
      'the import to report',
      () => document.querySelector('[role="dialog"] [role="status"]')?.textContent,
      {
        until: (status) => status?.startsWith('Imported:') === true,
        timeout: 10_000,
      },
    );
    expect(await statusText(replay, 'status')).toBe("Imported: 1 cart item, redirect marker 'cart'. Opening /sign-in.");
    await waitForPath(replay, '/sign-in');
    const cartIds = () =>
      (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { assetId: number }[]).map((l) => l.assetId);
    await waitInPage(replay, `event ${eventId} in the imported cart`, cartIds, {
      until: (ids) => ids.includes(eventId),
      timeout: 10_000,
    });
    const replayed = await storage(replay);
    expect(replayed.redirect_url).toBe('cart');
    // This browser keeps its own identity: its own guest token and cart key, no user.
    expect(replayed.auth_token).not.toBe(own.auth_token);
    expect(replayed.guest_cart_token).not.toBe(own.guest_cart_token);
    expect(replayed.userID).toBeNull();
    await replay.goto(`${baseUrl()}/cart`, { waitUntil: 'networkidle0' });
    await replay.waitForSelector(`[data-testid="cart-item"] ::-p-text(${EVENT.title})`);
    await support.close();
  },
  // Two browsers and five full page loads: past 30 s beside another journey on a busy machine.
  90_000,
);

it('refuses a malformed file with what is wrong and changes nothing', async () => {
  const context = await browser.createBrowserContext();
  const page = await newPage(context);
  await page.goto(`${baseUrl()}/events?support=1`, { waitUntil: 'networkidle0' });
  await dialog(page);
  const before = await storage(page);
  const bad = path.join(downloads, 'bad.json');
  fs.writeFileSync(
    bad,
    JSON.stringify({
      kind: 'allaccess-support-state',
      version: 1,
      exportedAt: '2026-11-22T10:00:00Z',
      location: '/cart',
      localStorage: { auth_token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' },
    }),
  );
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/')) requests.push(`${r.method()} ${r.url()}`);
  });
  await uploadState(page, bad);
  await page.waitForSelector('[role="dialog"] [role="alert"]');
  expect(await statusText(page, 'alert')).toMatch(
    /^Import refused: localStorage\.auth_token: must be "\[redacted\]" or null .* Nothing was changed\.$/,
  );
  await observeFor(
    500,
    'the refused import sends no request',
    () => [...requests],
    (sent) => sent.length === 0,
  );
  expect(await storage(page)).toEqual(before);
  expect(await page.evaluate(() => location.pathname)).toBe('/events');
  await context.close();
});

it.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
])(
  'at %s width the panel opens with Ctrl+Alt+Shift+S, is reached by Tab and has no axe violation',
  async (_n, viewport) => {
    const context = await browser.createBrowserContext();
    const page = await newPage(context, viewport);
    await page.goto(`${baseUrl()}/events`, { waitUntil: 'networkidle0' });
    for (const key of ['Control', 'Alt', 'Shift'] as const) await page.keyboard.down(key);
    await page.keyboard.press('KeyS');
    for (const key of ['Shift', 'Alt', 'Control'] as const) await page.keyboard.up(key);
    await dialog(page);
    const names: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => document.activeElement?.textContent ?? ''));
    }
    expect(names).toEqual(expect.arrayContaining(['Export state', 'Import state file', 'Close']));
    expect(describeViolations(await axeViolations(page))).toBe('');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await context.close();
  },
);
