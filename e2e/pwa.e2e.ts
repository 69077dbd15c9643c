// @widths both: axe — installing and updating at 1280 px; the offline notice audited at both widths
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, CDPSession, Page } from 'puppeteer';
import { OFFLINE_READY_MESSAGE } from '../src/client/app/serviceWorker';
import { OFFLINE_ACTION_NOTICE, OFFLINE_NOTICE } from '../src/client/features/shell/OfflineNotice';
import { SERVICE_WORKER } from '../src/shared/constants';
import { DESKTOP, PHONE, axeViolations, describeViolations } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { observeFor, poll, waitInPage, waitUntil } from './support/waitUntil';

/**
 * docs/behaviour.md §4 service worker in Chromium: installed at '/sw.js' with scope '/', in control on the first
 * visit, a visited event page rendering offline with the notice, a new build announced with the
 * alert and exactly one reload, and a manifest that makes the app installable.
 */
const EVENT = { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged' };
/**
 * Each test's first visit installs the worker: the whole build precached and its scripts compiled,
 * about 5 s of CPU alone, past 30 s in all beside another journey on a loaded machine (load 13).
 */
jest.setTimeout(90_000);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
});
afterAll(() => browser.close());

/** Toast texts seen by the page from its first script on (a MutationObserver on the document). */
async function recordToasts(page: Page) {
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver(() => {
      document.querySelectorAll('#notistack-snackbar').forEach((el) => {
        if (!(el as HTMLElement).dataset.seen) {
          (el as HTMLElement).dataset.seen = '1';
          w.__toasts.push(el.textContent ?? '');
        }
      });
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
const controller = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

async function controlledPage(
  context: BrowserContext,
  url: string,
  viewport: { width: number; height: number } = DESKTOP,
) {
  const page = await context.newPage();
  await page.setViewport(viewport);
  await recordToasts(page);
  await page.goto(url, { waitUntil: 'networkidle0' });
  await waitForServiceWorkerControl(page);
  return page;
}

/** Offline for the page and for its service worker (the worker's own fetches are not the page's). */
async function setOffline(context: BrowserContext, page: Page, offline: boolean): Promise<void> {
  const conditions = { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  await page.setOfflineMode(offline);
  const workers = context.targets().filter((t) => t.type() === 'service_worker');
  expect(workers.length).toBeGreaterThan(0);
  for (const target of workers) {
    const session: CDPSession = await target.createCDPSession();
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', conditions);
  }
}

describe('installing and controlling', () => {
  it(
    'registers /sw.js for scope / and controls the first visit; ' +
      'the offline-ready toast shows on first install only',
    async () => {
      const context = await browser.createBrowserContext();
      const page = await controlledPage(context, `${baseUrl()}/`);
      const registration = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.ready;
        // `ready` comes with an active worker, which may still be activating (its activate event, which
        // claims the page, running): the state it then reaches is what is checked.
        const active = r.active!;
        if (active.state === 'activating')
          await new Promise((settled) => active.addEventListener('statechange', settled, { once: true }));
        return { scope: r.scope, script: active.scriptURL, state: active.state };
      });
      expect(registration).toEqual({
        scope: `${baseUrl()}/`,
        script: `${baseUrl()}${SERVICE_WORKER.url}`,
        state: 'activated',
      });
      expect(await controller(page)).toBe(`${baseUrl()}/sw.js`);
      await waitUntil(
        page,
        'the offline-ready toast',
        toastsSeen,
        (seen) => seen.includes(OFFLINE_READY_MESSAGE),
        10_000,
      );

      // A second visit is controlled from its first request and says nothing about offline again.
      await page.reload({ waitUntil: 'networkidle0' });
      expect(await controller(page)).toBe(`${baseUrl()}/sw.js`);
      await page.waitForSelector('::-p-text(Your All-Access Pass)');
      await observeFor(
        1500,
        'the second visit shows no offline-ready toast',
        () => toastsSeen(page),
        (seen) => !seen.includes(OFFLINE_READY_MESSAGE),
      );
      await context.close();
    },
  );
});

describe('offline', () => {
  it('a visited event page renders offline with the notice; adding to the cart says it needs the network', async () => {
    const context = await browser.createBrowserContext();
    const page = await controlledPage(context, `${baseUrl()}/events/${EVENT.path}`);
    // The very first page loaded before the worker existed; visited again, it goes through the worker.
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector(`::-p-text(${EVENT.title})`);
    await page.waitForSelector('::-p-text(Add to cart)');

    await setOffline(context, page, true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.waitForSelector(`::-p-text(${EVENT.title})`, { timeout: 15_000 });
    const notice = await page.waitForSelector('::-p-aria([role="status"])');
    expect(await notice!.evaluate((el) => el.textContent)).toContain(OFFLINE_NOTICE);

    const add = await page.waitForSelector('::-p-text(Add to cart)');
    await add!.click();
    await waitInPage(page, 'the offline action notice', () => document.body.innerText, {
      until: (text) => text.includes(OFFLINE_ACTION_NOTICE),
      timeout: 5000,
    });
    // It failed at once: the button is back, not spinning on 'Processing...'.
    await page.waitForSelector('::-p-text(Add to cart)', { timeout: 2000 });
    expect(await page.$('::-p-text(Processing...)')).toBeNull();
    // The page itself came from the caches: the shell, its scripts and the public event copy.
    expect(failed.filter((u) => u.includes('/assets/') || u.endsWith(`/v1/asset/${EVENT.path}`))).toEqual([]);

    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewport(viewport);
      const violations = await axeViolations(page);
      expect(describeViolations(violations)).toBe('');
    }

    await setOffline(context, page, false);
    await page.waitForSelector('::-p-aria([role="status"])', { hidden: true, timeout: 5000 });
    await context.close();
  });
});

describe('a new build', () => {
  let server: RunningServer;
  let distCopy: string;
  beforeAll(async () => {
    distCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-dist-'));
    fs.cpSync(path.resolve(__dirname, '../dist'), distCopy, { recursive: true });
    server = await startServer({ CLIENT_DIST_DIR: distCopy });
    // A server of its own (migrated and seeded first) may take longer than jest's 30 s on a loaded machine;
    // startServer itself gives up after 60 s, with what the server said.
  }, 90_000);
  afterAll(async () => {
    await server.stop();
    fs.rmSync(distCopy, { recursive: true, force: true });
  });

  /** Deploys "a new build": index.html carries a marker and the worker precaches it under a new revision. */
  function deployNewBuild() {
    const indexFile = path.join(distCopy, 'index.html');
    fs.writeFileSync(
      indexFile,
      fs.readFileSync(indexFile, 'utf8').replace('<head>', '<head><meta name="build" content="second">'),
    );
    const swFile = path.join(distCopy, 'sw.js');
    const sw = fs.readFileSync(swFile, 'utf8');
    const updated = sw.replace(
      /'revision':'[0-9a-f]+','url':'\/index\.html'/,
      "'revision':'second-build','url':'/index.html'",
    );
    expect(updated).not.toBe(sw);
    fs.writeFileSync(swFile, updated);
    // A build writes its compressed copies beside each file, and the server sends those first.
    for (const file of [indexFile, swFile]) {
      if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(fs.readFileSync(file)));
      if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(fs.readFileSync(file)));
    }
  }

  it("alerts 'New content available — updating...' and reloads exactly once into the new build", async () => {
    const context = await browser.createBrowserContext();
    const page = await controlledPage(context, `${server.baseUrl}/events`);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });

    deployNewBuild();
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    // The new build's page, reached by the reload (a loop would go on loading after it: counted below).
    const build = () => document.querySelector('meta[name="build"]')?.getAttribute('content') ?? null;
    await waitInPage(page, "the new build's page", build, { until: (b) => b === 'second', timeout: 20_000 });
    expect(dialogs).toEqual([SERVICE_WORKER.updateAlert]);
    // The new build's markup is there before its load event fires (late on a busy machine).
    await poll(
      'the reloaded page to finish loading',
      async () => loads,
      (n) => n >= 1,
      { timeout: 20_000 },
    );
    await observeFor(
      3000,
      'no second reload or alert follows',
      () => ({ loads, dialogs: dialogs.length }),
      (seen) => seen.loads === 1 && seen.dialogs === 1,
    );
    expect(await page.evaluate(() => location.pathname)).toBe('/events');
    await context.close();
  });
});

describe('installable', () => {
  it('has a valid web app manifest and no installability errors', async () => {
    // Not an incognito context (Chromium never installs from one): the browser's own profile.
    const context = browser.defaultBrowserContext();
    const page = await controlledPage(context, `${baseUrl()}/`);
    const cdp = await page.createCDPSession();
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${baseUrl()}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data!)).toMatchObject({
      name: expect.any(String),
      short_name: 'AllAccess',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b0a12',
    });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    await page.close();
  });
});
