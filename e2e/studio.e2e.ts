// @widths desktop: the console is used at a desk; axe audits it at 768 and 1280 px
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, ElementHandle, Page } from 'puppeteer';
import sharp from 'sharp';
import { axeViolations, describeViolations, waitUntilSettled } from './support/axe';
import { baseUrl, launchBrowser, policyViolations, recordPolicyViolations } from './support/browser';
import { api, buyWithCard, signedInContext, signUpThroughApi, type Session } from './support/accounts';
import { grantOrganizerByCommand } from './support/organizer';
import { poll, waitForPath, waitInPage } from './support/waitUntil';

/**
 * The organizer's console in Chromium against the real server, end to end: the operator
 * grants the role with `npm run organizer:grant`; the organizer creates a premium event with a
 * poster in the console and publishes it; a shopper buys it with the sandbox card and can watch;
 * the organizer sees the sale in the dashboard, finds the order and refunds it; the shopper's access
 * ends at once (the event page offers the ticket again, order history says 'Refunded') and the
 * refund mail arrives. Each console screen passes axe at tablet and desktop width.
 */

const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 900 };
const TITLE = `Studio Journey ${Date.now() % 1_000_000}`;
const PRICE = '7.50';

let browser: Browser;
let organizer: Session;
let shopper: Session;
let organizerPage: Page;
const problems: string[] = [];
/** Known once the organizer has saved the event. */
const created = { id: 0, path: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  organizer = await signUpThroughApi('organizer', 'Olive', 'Organizer');
  shopper = await signUpThroughApi('fan', 'Fay', 'Fan');
  expect(await grantOrganizerByCommand(organizer.email)).toBe(`${organizer.email} is an organizer.`);
  const context = await signedInContext(browser, organizer);
  organizerPage = await context.newPage();
  organizerPage.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
  organizerPage.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await organizerPage.setViewport(DESKTOP);
}, 60_000);
afterAll(() => browser?.close());

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
const shows = (page: Page, selector: string) => page.waitForSelector(selector, { timeout: 15_000 });

async function typeInto(page: Page, label: string, value: string) {
  const input = await shows(page, `::-p-aria(${label})`);
  await input!.click({ count: 3 });
  await input!.type(value);
}

/** axe at the console's two widths, on the page as it is now. */
async function auditBothWidths(page: Page, screen: string) {
  for (const viewport of [TABLET, DESKTOP]) {
    await page.setViewport(viewport);
    await waitUntilSettled(page);
    const violations = await axeViolations(page);
    expect([screen, viewport.width, describeViolations(violations)]).toEqual([screen, viewport.width, '']);
  }
  await page.setViewport(DESKTOP);
}

/** A 1600×900 JPEG, as a phone's photo of a stage would be (the server resizes it). */
async function posterFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'studio-poster-')), 'stage.jpg');
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#6a2c91' } })
    .jpeg()
    .toFile(file);
  return file;
}

const owns = async (s: Session, eventId: number) =>
  (
    await api<{ data: unknown[] }>(
      `/order?filter=${encodeURIComponent(JSON.stringify({ userId: s.userId, assetId: eventId }))}`,
      { token: s.token },
    )
  ).data.length > 0;

const soldOf = async (eventId: number) =>
  (await api<{ data: { sold: number } }>(`/studio/events/${eventId}`, { token: organizer.token })).data.sold;

describe('the organizer console', () => {
  it('refuses a shopper with its sentence, and lets the granted organizer in', async () => {
    const context = await signedInContext(browser, shopper);
    const page = await context.newPage();
    await page.setViewport(DESKTOP);
    await page.goto(`${baseUrl()}/studio`, { waitUntil: 'networkidle0' });
    await shows(page, '::-p-text(This is for organizers)');
    await context.close();

    await organizerPage.goto(`${baseUrl()}/studio`, { waitUntil: 'networkidle0' });
    await waitForPath(organizerPage, '/studio/events');
    await shows(organizerPage, 'h1 ::-p-text(Events)');
    expect(await bodyText(organizerPage)).toContain(organizer.email);
    await auditBothWidths(organizerPage, 'events list');
  }, 60_000);

  it('creates a premium event with a poster and publishes it, from the keyboard where it matters', async () => {
    const page = organizerPage;
    await page.locator('a ::-p-text(New event)').click();
    await waitForPath(page, '/studio/events/new');
    await typeInto(page, 'Title', TITLE);
    const editor = await shows(page, '[contenteditable="true"]');
    await editor!.click();
    await page.keyboard.type('An evening on the roof, every angle.');
    await typeInto(page, 'Venue', 'Rooftop Hall');
    await typeInto(page, 'Location', 'Lisbon, Portugal');
    // On demand: the air date may stay empty (a live show's date is the API suite's, eventsAdmin tests).
    await page.locator('::-p-aria(Content type)').click();
    await page.locator('xpath/.//li[@role="option"][contains(., "On demand")]').click();
    // The switch from the keyboard, as a keyboard user sets it: focus, Space.
    const premium = 'xpath/.//label[contains(., "Premium (paid ticket)")]//input[@type="checkbox"]';
    await page.focus(premium);
    await page.keyboard.press('Space');
    expect(await page.$eval(premium, (i) => (i as HTMLInputElement).checked)).toBe(true);
    await typeInto(page, 'Price (dollars)', PRICE);

    const poster = await posterFile();
    const input = (await page.$(
      'xpath/.//label[contains(., "Upload poster")]//input[@type="file"]',
    )) as ElementHandle<HTMLInputElement> | null;
    await input!.uploadFile(poster);
    const preview = await shows(page, 'img[alt="Poster preview"]');
    const src = await preview!.evaluate((img) => (img as HTMLImageElement).getAttribute('src'));
    expect(src).toMatch(/^\/media\/uploads\//);
    const served = await fetch(`${baseUrl()}${src}`);
    expect([served.status, served.headers.get('content-type'), served.headers.get('cache-control')]).toEqual([
      200,
      'image/jpeg',
      expect.stringContaining('immutable'),
    ]);

    await page.locator('button ::-p-text(Save)').click();
    const editPath = await waitForPath(page, /^\/studio\/events\/\d+$/);
    created.id = Number(editPath.split('/').pop());
    await shows(page, '::-p-text(Draft)');
    await auditBothWidths(page, 'event editor');

    // Publish with the keyboard: focus the button, press Enter.
    await page.focus('xpath/.//button[normalize-space(.)="Publish"]');
    await page.keyboard.press('Enter');
    await shows(page, 'xpath/.//button[normalize-space(.)="Unpublish"]');

    const { data } = await api<{
      data: {
        path: string;
        status: string;
        posterPath: string;
        isPremium: boolean;
        price: number;
        contentType: string;
      };
    }>(`/studio/events/${created.id}`, { token: organizer.token });
    expect(data).toMatchObject({
      status: 'published',
      posterPath: src,
      isPremium: true,
      price: 7.5,
      contentType: 'VOD',
    });
    created.path = data.path;
  }, 90_000);

  it('a shopper finds the published event, buys it and can watch; the organizer sees the sale', async () => {
    // The storefront shows it within the catalog's bound.
    const listed = await poll(
      'the new event on its storefront page',
      async () =>
        (
          await fetch(`${baseUrl()}/v1/asset/${created.path}`, {
            headers: { authorization: `Bearer ${shopper.token}` },
          })
        ).status,
      (status) => status === 200,
    );
    expect(listed).toBe(200);
    const orderId = (await buyWithCard(shopper, created.path)).orderId;
    expect(await owns(shopper, created.id)).toBe(true);
    expect(await soldOf(created.id)).toBe(1);
    // The shopper's browser: the event page now offers 'Play'.
    const context = await signedInContext(browser, shopper);
    const fan = await context.newPage();
    await fan.setViewport(DESKTOP);
    await fan.goto(`${baseUrl()}/events/${created.path}`, { waitUntil: 'networkidle0' });
    await shows(fan, 'a ::-p-text(Play)');
    await context.close();

    const page = organizerPage;
    await page.goto(`${baseUrl()}/studio/sales`, { waitUntil: 'networkidle0' });
    await shows(page, 'h1 ::-p-text(Sales)');
    await auditBothWidths(page, 'sales');
    await page.locator('::-p-aria(Event)').click();
    await page.locator(`[role="option"] ::-p-text(${TITLE})`).click();
    await waitInPage(page, 'the event figures: one ticket, $7.50', () => /\$7\.50/.test(document.body.innerText));

    await page.goto(`${baseUrl()}/studio/orders`, { waitUntil: 'networkidle0' });
    await typeInto(page, 'Search by e-mail or order id', shopper.email);
    // The search answered (one row) and the grid's loading overlay, which would take the click, is gone.
    await waitInPage(
      page,
      "the search's one row, loaded",
      () =>
        document.querySelectorAll('[role="grid"] [data-rowindex]').length === 1 &&
        !document.querySelector('[role="grid"] [role="progressbar"]'),
    );
    await page.locator(`a ::-p-text(${orderId})`).click();
    await waitForPath(page, /^\/studio\/orders\/\d+$/);
    await shows(page, `h1 ::-p-text(${orderId})`);
    expect(await page.$eval('[data-testid="order-status"]', (c) => c.textContent)).toBe('Active');
    await auditBothWidths(page, 'order detail');
  }, 90_000);

  it('refunds the order once: access ends at once, the seat returns, the fan gets the mail', async () => {
    const page = organizerPage;
    await page.locator('xpath/.//button[normalize-space(.)="Refund"]').click();
    const dialog = await shows(page, '[role="dialog"]');
    expect(await dialog!.evaluate((d) => d.textContent)).toContain(`Refund $${PRICE} to ${shopper.email}?`);
    await auditBothWidths(page, 'refund dialog');
    await page.locator('xpath/.//*[@role="dialog"]//button[normalize-space(.)="Refund"]').click();
    await waitInPage(
      page,
      "the order's status 'Refunded'",
      () => document.querySelector('[data-testid="order-status"]')?.textContent === 'Refunded',
    );

    // Access ends at once: the lookup the player reads no longer holds the event; the seat is back.
    expect(await owns(shopper, created.id)).toBe(false);
    expect(await soldOf(created.id)).toBe(0);
    const history = await api<{ data: { data: { orderId: string; usageType: string }[] } }>(
      `/order/history?userId=${shopper.userId}&limit=10`,
      { token: shopper.token },
    );
    expect(history.data.data[0]!.usageType).toBe('Refunded');

    // The shopper's own browser: the event page offers the ticket again instead of 'Play'.
    const context = await signedInContext(browser, shopper);
    const fan = await context.newPage();
    await fan.setViewport(DESKTOP);
    await fan.goto(`${baseUrl()}/events/${created.path}`, { waitUntil: 'networkidle0' });
    await shows(fan, `h1 ::-p-text(${TITLE})`);
    expect(await fan.$('a ::-p-text(Play)')).toBeNull();
    await context.close();

    const mails = await poll(
      'the refund mail in the outbox',
      async () =>
        ((await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as { to: string; subject: string }[]).filter(
          (m) => m.to === shopper.email && /refunded/.test(m.subject),
        ),
      (found) => found.length > 0,
    );
    expect(mails).toHaveLength(1);

    await page.goto(`${baseUrl()}/studio/audit`, { waitUntil: 'networkidle0' });
    await shows(page, 'h1 ::-p-text(Audit log)');
    const audit = await bodyText(page);
    expect(audit).toContain('order.refund');
    expect(audit).toContain('event.publish');
    await auditBothWidths(page, 'audit log');
    expect(problems).toEqual([]);
  }, 90_000);

  it('makes a coupon from its form and disables it; the live control room reads a show', async () => {
    const page = organizerPage;
    const code = `E2E${Date.now() % 1_000_000}`;
    await page.goto(`${baseUrl()}/studio/coupons`, { waitUntil: 'networkidle0' });
    await shows(page, 'h1 ::-p-text(Coupons)');
    await auditBothWidths(page, 'coupons list');
    await page.locator('a ::-p-text(New coupon)').click();
    await waitForPath(page, '/studio/coupons/new');
    await typeInto(page, 'Code', code);
    await typeInto(page, 'Percent off (1–100)', '20');
    await typeInto(page, 'Total uses', '50');
    await auditBothWidths(page, 'new coupon');
    await page.locator('xpath/.//form//button[@type="submit"]').click();
    await waitForPath(page, `/studio/coupons/${code}`);
    await shows(page, `h1 ::-p-text(${code})`);
    await auditBothWidths(page, 'coupon page');
    await page.locator('xpath/.//main//button[normalize-space(.)="Disable"]').click();
    await page.locator('xpath/.//*[@role="dialog"]//button[normalize-space(.)="Disable"]').click();
    await poll(
      'the coupon disabled',
      async () =>
        (await api<{ data: { status: string } }>(`/studio/coupons/${code}`, { token: organizer.token })).data.status,
      (status) => status === 'disabled',
    );
    // A shopper's cart refuses it now.
    await expect(
      api('/order/applyVoucher', { token: shopper.token, body: { coupon_code: code, user_id: shopper.userId } }),
    ).rejects.toThrow(/answered 4\d\d/);

    // The demo's live show, read (not changed: other journeys watch it).
    const { data } = await api<{ data: { rows: { id: number; contentType: string }[] } }>(
      `/studio/events?search=${encodeURIComponent('Kite Theory')}`,
      { token: organizer.token },
    );
    const live = data.rows.find((r) => r.contentType === 'Live')!;
    await page.goto(`${baseUrl()}/studio/events/${live.id}/live`, { waitUntil: 'networkidle0' });
    await shows(page, '[data-testid="show-state"]');
    await shows(page, 'table[aria-label="Angles"]');
    await auditBothWidths(page, 'live control room');
  }, 90_000);
});

describe("the pages' own bundle under the CSP (script-src without 'unsafe-eval')", () => {
  /** A demo event with streams: its player page loads the player and the contract's schemas. */
  const WATCHED = 'velvet-static-unplugged';

  it('asks for no eval on the console, an order page or the player: no policy violation at all', async () => {
    const fan = await signUpThroughApi('policyfan', 'Cyd', 'Policy');
    const { cartId } = await buyWithCard(fan, WATCHED);
    const visits: [Session, string, string][] = [
      [organizer, '/studio/events', '[role="grid"]'],
      [organizer, '/studio/coupons', '[role="grid"]'],
      [organizer, '/studio/orders', '[role="grid"]'],
      [organizer, '/studio/coupons/new', 'form'],
      [fan, `/order/${cartId}`, 'main h1'],
      [fan, `/player/${WATCHED}`, '[data-angle]'],
    ];
    const seen: string[] = [];
    for (const [who, route, ready] of visits) {
      const context = await signedInContext(browser, who);
      const page = await context.newPage();
      await page.setViewport(DESKTOP);
      await recordPolicyViolations(page);
      await page.goto(`${baseUrl()}${route}`, { waitUntil: 'load' });
      await shows(page, ready);
      // The player streams its angles without pause, so its network never idles: it has run what it
      // runs (hls.js and its worker) once a tile plays. The other pages, once their requests settle.
      if (route.startsWith('/player/'))
        await waitInPage(page, 'a tile to play', () =>
          [...document.querySelectorAll('video')].some((v) => v.currentTime > 0),
        );
      else await page.waitForNetworkIdle({ idleTime: 300 });
      seen.push(...(await policyViolations(page)).map((v) => `${route}: ${v}`));
      await context.close();
    }
    expect(seen).toEqual([]);
  }, 120_000);
});
