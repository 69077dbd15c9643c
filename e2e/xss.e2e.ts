// @widths desktop: stored markup is refused or made inert whatever the width
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer';
import { launchBrowser } from './support/browser';
import { waitInPage } from './support/waitUntil';
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
  '<p>A <b onclick="window.__xss=(window.__xss||0)+1;alert(16)" onmouseover="alert(17)">Bold</b> move</p>',
].join('');

const catalog = {
  subscriptions: [{ id: 1, title: 'Pass', description: `<ul><li>Included</li></ul>${PAYLOADS}` }],
  agreements: [
    { id: 3, label: 'Terms of Use', description: `<p>Terms</p>${PAYLOADS}` },
    { id: 2, label: 'Privacy Policy', description: `<p>Privacy</p>${PAYLOADS}` },
  ],
  events: [
    {
      path: 'evil-show',
      title: '<img src=x onerror=alert(8)> Evil Show',
      label: '<script>alert(9)</script>',
      eventLabel: '<b onmouseover=alert(10)>City</b>',
      venueDescription: '<svg onload=alert(11)>',
      // The import refuses a script in an event's description (catalog/eventRules.ts, as the console
      // does): the payloads reach the event page through what's included and the other HTML fields.
      description: '<p>Hello</p>',
      isPremium: true,
      price: 5,
      subscriptionId: 1,
      airStartDate: '2026-12-01T20:00:00Z',
      // A poster path that would break out of its attribute is refused by the import itself now
      // (shared/ownMedia.ts: this site's pictures only, no quotes): the title carries the payload here.
      posterPath: '/media/posters/evil-show.svg',
    },
  ],
  categories: [
    {
      path: 'evil-row',
      label: '<img src=x onerror=alert(13)>Row',
      group: 1,
      events: ['evil-show'],
      description: PAYLOADS,
    },
    {
      path: 'evil-page',
      label: 'Page',
      group: 2,
      events: ['evil-show'],
      blocks: [{ title: '<script>alert(14)</script>Block', description: PAYLOADS, events: ['evil-show'] }],
    },
  ],
  carousel: [
    {
      label: '<img src=x onerror=alert(15)>',
      description: PAYLOADS,
      type: 'image',
      filePath: '/media/carousel/every-angle.svg',
      event: 'evil-show',
    },
  ],
};

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-xss-'));
  const file = path.join(dataDir, 'evil.json');
  fs.writeFileSync(file, JSON.stringify(catalog));
  const imported = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/importCatalog.ts', file], {
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' },
    encoding: 'utf8',
  });
  if (imported.status !== 0) throw new Error(imported.stderr);
  server = await startServer({ SEED_DEMO_DATA: 'false' }, dataDir);
  browser = await launchBrowser();
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * What each screen must show of the hostile catalog once sanitized: elements (tag + exact text) that
 * exist only if the HTML was rendered as HTML, and plain text that the screen shows as text. A page
 * that rendered nothing, or escaped the HTML into text, fails here before the "nothing ran" checks.
 */
const SANITIZED_HTML = [
  ['A', 'click'],
  ['P', 'styled'],
  ['B', 'Bold'],
];
const EXPECTED: Record<string, { elements: string[][]; text: string[] }> = {
  '/': { elements: SANITIZED_HTML, text: ['Evil Show', 'Row'] },
  '/events/evil-show': {
    elements: [...SANITIZED_HTML, ['P', 'Hello'], ['LI', 'Included']],
    text: ['Evil Show', "What's included:"],
  },
  '/category/evil-page': { elements: SANITIZED_HTML, text: ['Block', 'Evil Show'] },
  '/category/evil-row': { elements: SANITIZED_HTML, text: ['Row', 'Evil Show'] },
  '/terms/3': { elements: [...SANITIZED_HTML, ['P', 'Terms']], text: ['Terms of Use'] },
  '/privacy/2': { elements: [...SANITIZED_HTML, ['P', 'Privacy']], text: ['Privacy Policy'] },
};
const PAYLOAD_TEXTS = ['click', 'styled', 'Bold', 'Hello', 'Included', 'Terms', 'Privacy'];

it.each(Object.keys(EXPECTED))(
  '%s renders the sanitized content, and hovering or clicking it runs nothing',
  async (route) => {
    const { elements, text } = EXPECTED[route]!;
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(server.baseUrl + route, { waitUntil: 'networkidle0' });

    // The payload-bearing content is there, as elements (so the HTML was rendered, not dropped or escaped).
    // Reads which of them are missing; a timeout names those and what main reads.
    const missing = (want: string[][]) => {
      const main = document.querySelector('main');
      if (!main) return { missing: want, main: '(no main)' };
      const has = ([tag, t]: string[]) =>
        Array.from(main.querySelectorAll(tag!)).some((el) => el.textContent?.trim() === t);
      return { missing: want.filter((w) => !has(w)), main: main.innerText.slice(0, 300) };
    };
    await waitInPage(page, `${route} to render its payload-bearing elements`, missing, {
      arg: elements,
      until: (seen) => seen.missing.length === 0,
      timeout: 15_000,
    });
    const shown = await page.$eval('main', (m) => m.innerText);
    for (const t of text) expect(shown).toContain(t);

    // Hover and click every element that carries a payload's text (links, paragraphs, bold, list items).
    await page.evaluate(() => {
      (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
    });
    const targets = await page.$$('main a, main p, main b, main li');
    let clicked = 0;
    for (const el of targets) {
      const label = await el.evaluate((e) => e.textContent?.trim() ?? '');
      if (!PAYLOAD_TEXTS.includes(label)) continue;
      await el.scrollIntoView();
      await el.hover();
      await el.click();
      clicked += 1;
    }
    expect(clicked).toBeGreaterThanOrEqual(elements.length);
    // Give any handler that did survive a moment to run, then make sure nothing did.
    await page.waitForNetworkIdle({ idleTime: 300 });
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // Still the same page and document: no click navigated away (which would also wipe window.__xss).
    expect(new URL(page.url()).pathname).toBe(route);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Text that merely shows a payload is fine; markup that could run one is not.
    const live = await page.$eval('main', (m) => {
      const found: string[] = [];
      for (const el of Array.from(m.querySelectorAll('*'))) {
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName)) found.push(el.tagName);
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name) || /^\s*javascript:/i.test(attr.value))
            found.push(`${el.tagName} ${attr.name}=${attr.value}`);
        }
      }
      return found;
    });
    expect(live).toEqual([]);
    await context.close();
  },
);
