// @widths both: axe — the journey at 1280 px; the waiting list audited at both widths
import type { Browser, Page } from 'puppeteer';
import { DESKTOP, PHONE, axeViolations, describeViolations, waitUntilSettled } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { api, buyWithCard, signUpThroughApi, signedInContext, type Session } from './support/accounts';
import { grantOrganizerByCommand } from './support/organizer';
import { poll, waitForPath } from './support/waitUntil';

/**
 * A waiting-list hold through to payment, in Chromium against the real server: an organizer makes
 * a premium event of one seat and publishes it; fan A buys it; fan B finds it sold out, joins the
 * waiting list from the keyboard and is number 1 in line; the organizer refunds A's order; B gets
 * the hold mail, follows its link straight to a checkout with the event in it, pays with the
 * sandbox card and can play it; fan C still reads sold out. axe on the event page with the panel at
 * phone and desktop width. The hold mail goes out at the hold sweeper's next round (every 15 s).
 */
const TITLE = `Waitlist Journey ${Date.now() % 1_000_000}`;
const OK_CARD = '4242424242424242';
const EXPIRY_DIGITS = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let browser: Browser;
let organizer: Session;
let fanA: Session;
let fanB: Session;
let fanC: Session;
const event = { id: 0, path: '' };

beforeAll(async () => {
  browser = await launchBrowser();
  organizer = await signUpThroughApi('wl-organizer', 'Olive', 'Organizer');
  fanA = await signUpThroughApi('wl-fan-a', 'Ann', 'First');
  fanB = await signUpThroughApi('wl-fan-b', 'Ben', 'Waiting');
  fanC = await signUpThroughApi('wl-fan-c', 'Cat', 'Late');
  expect(await grantOrganizerByCommand(organizer.email)).toBe(`${organizer.email} is an organizer.`);
  const created = await api<{ data: { id: number; path: string } }>('/studio/events', {
    token: organizer.token,
    body: { title: TITLE, contentType: 'VOD', isPremium: true, price: 8, capacity: 1 },
  });
  Object.assign(event, { id: created.data.id, path: created.data.path });
  await api(`/studio/events/${event.id}/publish`, { token: organizer.token, body: {} });
}, 90_000);
afterAll(() => browser?.close());

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
const shows = (page: Page, text: string) =>
  poll(
    `the page to show "${text}"`,
    () => bodyText(page),
    (t) => t.includes(text),
    { timeout: 15_000 },
  );

async function eventPage(s: Session): Promise<Page> {
  const context = await signedInContext(browser, s);
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.goto(`${baseUrl()}/events/${event.path}`, { waitUntil: 'networkidle0' });
  return page;
}

async function auditBothWidths(page: Page, screen: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewport(viewport);
    await waitUntilSettled(page);
    const violations = await axeViolations(page);
    expect([screen, viewport.width, describeViolations(violations)]).toEqual([screen, viewport.width, '']);
  }
  await page.setViewport(DESKTOP);
}

type OutboxMail = { to: string; subject: string; text: string };
const holdMail = () =>
  poll(
    "the hold mail to fan B (the sweeper's next round)",
    async () =>
      ((await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as OutboxMail[]).find(
        (m) => m.to === fanB.email && m.subject === `A seat is held for you: ${TITLE}`,
      ),
    Boolean,
    { timeout: 25_000, every: 500 },
  );

it('a sold-out event: fan B joins the waiting list from the keyboard and is number 1 in line', async () => {
  await buyWithCard(fanA, event.id);
  const page = await eventPage(fanB);
  const soldOut = await page.waitForSelector(button('Sold Out'), { timeout: 15_000 });
  expect(await soldOut!.evaluate((b) => (b as HTMLButtonElement).disabled)).toBe(true);
  await page.waitForSelector(button('Join the waiting list'));
  await auditBothWidths(page, 'event page, sold out, with the waiting list');
  // Found again: the widths' change rendered the page anew.
  const join = await page.waitForSelector(button('Join the waiting list'));
  await join!.focus();
  await page.keyboard.press('Enter');
  await shows(page, "You're number 1 in line. We'll e-mail you if a seat opens up.");
  await page.waitForSelector(button('Leave the waiting list'));
  await auditBothWidths(page, 'event page, in line');
  await page.browserContext().close();
}, 90_000);

it("A's refund: B is mailed a hold, follows its link to checkout and pays; C still reads sold out", async () => {
  const orders = await api<{ data: { rows: { id: number }[] } }>(
    `/studio/orders?search=${encodeURIComponent(fanA.email)}`,
    { token: organizer.token },
  );
  expect(orders.data.rows).toHaveLength(1);
  await api(`/studio/orders/${orders.data.rows[0]!.id}/refund`, { token: organizer.token, body: {} });

  const mail = await holdMail();
  const link = /Go to checkout: (\S+)/.exec(mail!.text)?.[1];
  // The shop's PUBLIC_URL names localhost; the browser's session lives on the address the journeys use.
  expect(new URL(link!).pathname).toBe('/checkout');

  // C, not in line, still reads sold out (the held seat is B's).
  const late = await eventPage(fanC);
  await late.waitForSelector(button('Sold Out'), { timeout: 15_000 });
  await late.waitForSelector(button('Join the waiting list'));
  await late.browserContext().close();

  // B's event page says the seat is held; the mail's link lands on a checkout with the event in it.
  const page = await eventPage(fanB);
  await shows(page, 'A seat is held for you until');
  await auditBothWidths(page, 'event page, seat held');
  await page.goto(`${baseUrl()}${new URL(link!).pathname}`, { waitUntil: 'networkidle0' });
  await waitForPath(page, '/checkout');
  await page.waitForSelector('::-p-aria(Card number)', { timeout: 15_000 });
  const summary = await page.$eval(
    'section[aria-labelledby="order-summary-title"]',
    (s) => (s as HTMLElement).innerText,
  );
  expect(summary).toContain(TITLE);
  for (const [label, text] of [
    ['Card number', OK_CARD],
    ['Expiry', EXPIRY_DIGITS],
    ['CVC', '123'],
  ] as const) {
    const input = await page.waitForSelector(`::-p-aria(${label})`);
    await input!.click({ count: 3 });
    await page.keyboard.type(text);
  }
  await page.locator(button('Confirm and Pay')).click();
  await waitForPath(page, '/profile', 20_000);

  await page.goto(`${baseUrl()}/events/${event.path}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('a ::-p-text(Play)', { timeout: 15_000 });
  const status = await api<{ data: { state: string } }>(`/waitlist/${event.id}`, { token: fanB.token });
  expect(status.data.state).toBe('none');
  await page.browserContext().close();
}, 120_000);
