import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer';
import { launchBrowser } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * A catalog full of script payloads, loaded through the real import into a server of its own: every
 * screen that shows catalog HTML is visited, and nothing may execute (no dialog, no marker set).
 */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=(window.__xss||0)+1;alert(1)">',
  '<script>window.__xss=(window.__xss||0)+1;alert(2)</script>',
  '<a href="javascript:window.__xss=1;alert(3)">click</a>',
  '<svg onload="window.__xss=1;alert(4)"></svg>',
  '<iframe src="javascript:alert(5)"></iframe>',
  '<p style="background:url(javascript:alert(6))" onclick="alert(7)">styled</p>',
].join('');

const catalog = {
  subscriptions: [{ id: 1, title: 'Pass', description: `<ul><li>Included</li></ul>${PAYLOADS}` }],
  agreements: [
    { id: 3, label: 'Terms of Use', description: `<p>Terms</p>${PAYLOADS}` },
    { id: 2, label: 'Privacy Policy', description: `<p>Privacy</p>${PAYLOADS}` },
  ],
  events: [{
    path: 'evil-show', title: '<img src=x onerror=alert(8)> Evil Show', label: '<script>alert(9)</script>', eventLabel: '<b onmouseover=alert(10)>City</b>',
    venueDescription: '<svg onload=alert(11)>', description: `<p>Hello</p>${PAYLOADS}`, isPremium: true, price: 5, subscriptionId: 1,
    airStartDate: '2026-12-01T20:00:00Z', posterPath: '/media/posters/evil"onerror="alert(12).svg',
  }],
  categories: [
    { path: 'evil-row', label: '<img src=x onerror=alert(13)>Row', group: 1, events: ['evil-show'], description: PAYLOADS },
    { path: 'evil-page', label: 'Page', group: 2, events: ['evil-show'], blocks: [{ title: '<script>alert(14)</script>Block', description: PAYLOADS, events: ['evil-show'] }] },
  ],
  carousel: [{ label: '<img src=x onerror=alert(15)>', description: PAYLOADS, type: 'image', filePath: '/media/carousel/every-angle.svg', event: 'evil-show' }],
};

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-xss-'));
  const file = path.join(dataDir, 'evil.json');
  fs.writeFileSync(file, JSON.stringify(catalog));
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/importCatalog.ts', file], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' }, encoding: 'utf8',
  });
  if (imported.status !== 0) throw new Error(imported.stderr);
  server = await startServer({ SEED_DEMO_DATA: 'false' }, dataDir);
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it.each(['/', '/events/evil-show', '/category/evil-page', '/category/evil-row', '/terms/3', '/privacy/2'])('no payload runs on %s', async (route) => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(server.baseUrl + route, { waitUntil: 'networkidle0' });
  await page.waitForSelector('main *');
  // Hover and click everything, in case a handler survived.
  for (const el of await page.$$('main p, main b, main a[href^="javascript"]')) {
    await el.hover().catch(() => undefined);
  }
  await new Promise((r) => setTimeout(r, 300));
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  // Text that merely shows a payload is fine; markup that could run one is not.
  const live = await page.$eval('main', (m) => {
    const found: string[] = [];
    for (const el of Array.from(m.querySelectorAll('*'))) {
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName)) found.push(el.tagName);
      for (const attr of Array.from(el.attributes)) {
        if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value)) found.push(`${el.tagName} ${attr.name}=${attr.value}`);
      }
    }
    return found;
  });
  expect(live).toEqual([]);
  await context.close();
});
