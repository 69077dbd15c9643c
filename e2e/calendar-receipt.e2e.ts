// @widths both: axe — the journey at 1280 px; the receipt and calendar screens audited at both widths
import type { Browser, Page } from 'puppeteer';
import { parseCalendar } from '../tests/utils/icalendar';
import { DESKTOP, PHONE, axeViolations, describeViolations, waitUntilSettled } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { api, signUpThroughApi, signedInContext, type Session } from './support/accounts';
import { grantOrganizerByCommand } from './support/organizer';
import { poll, waitForPath } from './support/waitUntil';

/**
 * Calendar and receipt, in Chromium against the real server: an organizer publishes a live
 * show in Paris; a fan's event page offers 'Add to calendar', whose file (fetched in the page, as the
 * download would be) a standard parser (ical.js) reads with the right instant, zone and watch link;
 * the fan buys the show with the sandbox card, opens the order page and its printable receipt (order
 * id, items at list and paid price, method, date; axe at phone and desktop width); the organizer moves
 * the air date and the fan's mailbox gets the update, whose file has the same UID and a higher SEQUENCE.
 */
const TITLE = `Calendar Journey ${Date.now() % 1_000_000}`;
const OK_CARD = '4242424242424242';
const EXPIRY_DIGITS = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
/** 20:00 in Paris on 1 June 2030 (CEST) is 18:00 UTC; the new date 21:30 on 8 June is 19:30 UTC. */
const SHOW = { airDate: '2030-06-01T20:00', instant: '2030-06-01T18:00:00.000Z' };
const MOVED = { airDate: '2030-06-08T21:30', instant: '2030-06-08T19:30:00.000Z' };

let browser: Browser;
let organizer: Session;
let fan: Session;
const event = { id: 0, path: '' };
const form = {
  title: TITLE,
  contentType: 'Live',
  isPremium: true,
  price: 15,
  venue: 'Le Trianon',
  location: 'Paris, France',
  venueTimeZone: 'Europe/Paris',
};
let firstFile: ReturnType<typeof parseCalendar>;
let cartId = 0;
let orderId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  organizer = await signUpThroughApi('cal-organizer', 'Olive', 'Organizer');
  fan = await signUpThroughApi('cal-fan', 'Cleo', 'Calendar');
  expect(await grantOrganizerByCommand(organizer.email)).toBe(`${organizer.email} is an organizer.`);
  const created = await api<{ data: { id: number; path: string } }>('/studio/events', {
    token: organizer.token,
    body: { ...form, airDate: SHOW.airDate },
  });
  Object.assign(event, { id: created.data.id, path: created.data.path });
  await api(`/studio/events/${event.id}/publish`, { token: organizer.token, body: {} });
}, 90_000);
afterAll(() => browser?.close());

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const link = (name: string) => `::-p-aria([name="${name}"][role="link"])`;
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
async function auditBothWidths(page: Page, screen: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewport(viewport);
    await waitUntilSettled(page);
    const violations = await axeViolations(page);
    expect([screen, viewport.width, describeViolations(violations)]).toEqual([screen, viewport.width, '']);
  }
  await page.setViewport(DESKTOP);
}

async function fanPage(): Promise<Page> {
  const context = await signedInContext(browser, fan);
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  return page;
}

it("the event page's 'Add to calendar' file reads right in a standard parser", async () => {
  const page = await fanPage();
  await page.goto(`${baseUrl()}/events/${event.path}`, { waitUntil: 'networkidle0' });
  const add = await page.waitForSelector(link('Add to calendar'), { timeout: 15_000 });
  const href = await add!.evaluate((a) => (a as HTMLAnchorElement).href);
  expect(href).toBe(`${baseUrl()}/v1/events/${event.id}/calendar.ics`);
  expect(await add!.evaluate((a) => a.hasAttribute('download'))).toBe(true);
  // The file as the browser downloads it (same origin, no token).
  const file = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  }, href);
  expect([file.status, file.type]).toEqual([200, 'text/calendar; charset=utf-8']);
  firstFile = parseCalendar(file.text);
  expect(firstFile).toMatchObject({ uid: `event-${event.id}@allaccess.events`, summary: TITLE, zone: 'Z' });
  expect(firstFile.start.toISOString()).toBe(SHOW.instant);
  // The watch link is the event page on the server's public origin (PUBLIC_URL: localhost on the e2e port).
  const watch = new URL(firstFile.url!);
  expect([watch.pathname, watch.port]).toEqual([`/events/${event.path}`, new URL(baseUrl()).port]);
  expect(firstFile.description).toContain(`Watch: ${watch.href}`);
  expect(firstFile.description).toContain('8:00 PM GMT+2 at the venue');
  await auditBothWidths(page, 'event page with Add to calendar');
  await page.browserContext().close();
}, 60_000);

it('the fan buys the show by card; the order page leads to a printable receipt that passes axe', async () => {
  const page = await fanPage();
  await page.goto(`${baseUrl()}/events/${event.path}`, { waitUntil: 'networkidle0' });
  await page.locator(button('Add to cart')).click();
  await waitForPath(page, '/cart');
  await page.locator(button('Proceed to Checkout')).click();
  await waitForPath(page, '/checkout');
  for (const [label, text] of [
    ['Card number', OK_CARD],
    ['Expiry', EXPIRY_DIGITS],
    ['CVC', '123'],
  ] as const) {
    const input = await page.waitForSelector(`::-p-aria(${label})`, { timeout: 15_000 });
    await input!.click({ count: 3 });
    await page.keyboard.type(text);
  }
  await page.locator(button('Confirm and Pay')).click();
  await waitForPath(page, '/profile', 20_000);

  const history = await api<{ data: { data: { orderId: string; cartId: number }[] } }>(
    `/order/history?userId=${fan.userId}`,
    { token: fan.token },
  );
  ({ orderId, cartId } = history.data.data[0]!);
  await page.goto(`${baseUrl()}/order/${cartId}`, { waitUntil: 'networkidle0' });
  await page.locator(link('Printable receipt')).click();
  await waitForPath(page, `/order/${cartId}/receipt`);
  await page.waitForSelector('::-p-aria([name="Receipt"][role="heading"])', { timeout: 15_000 });
  const text = await bodyText(page);
  for (const expected of [orderId, TITLE, 'List price', '$15.00', 'Card', 'Total paid', fan.email])
    expect(text).toContain(expected);
  const created = await api<{ data: { date: string } }>(`/order/${cartId}/receipt`, { token: fan.token });
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(created.data.date));
  expect(text).toContain(day);
  // From the keyboard alone: Tab reaches Print, Enter prints (the print dialog stubbed, as Chromium's would block).
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { __printed: number }).__printed = 1;
    };
  });
  let focused = '';
  for (let i = 0; i < 40 && focused !== 'Print'; i += 1) {
    await page.keyboard.press('Tab');
    focused = await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '');
  }
  expect(focused).toBe('Print');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => (window as unknown as { __printed?: number }).__printed)).toBe(1);
  await auditBothWidths(page, 'receipt page');
  await page.browserContext().close();

  // The confirmation mail carried the show's calendar file.
  type Mail = { to: string; subject: string; attachments: { filename: string; content: string }[] };
  const mails = (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as Mail[];
  const confirmation = mails.find((m) => m.to === fan.email && m.subject === `Your AllAccess order ${orderId}`);
  expect(confirmation?.attachments.map((a) => a.filename)).toEqual([`${event.path}.ics`]);
  expect(parseCalendar(confirmation!.attachments[0]!.content).uid).toBe(firstFile.uid);
}, 120_000);

it("the organizer moves the air date: the fan's mail carries the same UID with a higher SEQUENCE", async () => {
  const current = await api<{ data: { version: number } }>(`/studio/events/${event.id}`, { token: organizer.token });
  await api(`/studio/events/${event.id}`, {
    token: organizer.token,
    method: 'PUT',
    body: { ...form, airDate: MOVED.airDate, version: current.data.version },
  });
  type Mail = { to: string; subject: string; text: string; attachments: { content: string }[] };
  const mail = await poll(
    'the date-change mail to the fan',
    async () =>
      ((await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as Mail[]).find(
        (m) => m.to === fan.email && m.subject === `The date of ${TITLE} has changed`,
      ),
    Boolean,
    { timeout: 15_000, every: 300 },
  );
  expect(mail!.text).toContain('It now airs Jun 8, 2030, 3:30 PM EDT');
  const updated = parseCalendar(mail!.attachments[0]!.content);
  expect(updated.uid).toBe(firstFile.uid);
  expect(updated.sequence).toBeGreaterThan(firstFile.sequence);
  expect(updated.start.toISOString()).toBe(MOVED.instant);
}, 60_000);
