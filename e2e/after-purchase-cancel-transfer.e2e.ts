// @widths both: axe — the journey at 1280 px; its order screens audited by axe at both widths
import type { Browser, Page } from 'puppeteer';
import { DESKTOP, PHONE, axeViolations, describeViolations, waitUntilSettled } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { buyWithCard, signUpThroughApi, signedInContext, uniqueEmail, type Session } from './support/accounts';
import { codeFor } from './support/mailbox';
import { poll, waitForPath, waitInPage } from './support/waitUntil';

/**
 * The fan's side after buying, in Chromium against the real server and its sandbox payments:
 * 1. cancel: a premium live show bought with the sandbox card, cancelled from the order page with the
 *    keyboard alone; the toast, Status Cancelled, history says Cancelled, the event page offers it
 *    for sale again, exactly one cancellation mail;
 * 2. transfer: a buyer hands a ticket to a new address; the receiver follows the mail's link, signs
 *    up with that address, finds the ticket in the order history and plays it; the buyer's event page
 *    no longer shows Play.
 * axe on the order page with the Manage section at phone and desktop width.
 */
const LIVE = { path: 'neon-harbor-tidal-lights', title: 'Neon Harbor: Tidal Lights Tour' };
const VOD = { path: 'ironwood-symphony-the-planets', title: 'Ironwood Symphony: The Planets' };

let browser: Browser;
let canceller: Session;
let sender: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  canceller = await signUpThroughApi('cancel-fan', 'Cara', 'Cancel');
  sender = await signUpThroughApi('transfer-fan', 'Sam', 'Sender');
}, 60_000);
afterAll(() => browser?.close());

type ToastLog = { __toastLog: string[] };
type OutboxMail = { to: string; subject: string; text: string };
const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
const shows = (page: Page, text: string) =>
  poll(
    `the page to show "${text}"`,
    () => bodyText(page),
    (t) => t.includes(text),
    { timeout: 15_000 },
  );
const mails = async () => (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as OutboxMail[];
const fact = (page: Page, label: string) =>
  page.evaluate(
    (l) =>
      Array.from(document.querySelectorAll('dt')).find((dt) => dt.textContent === l)?.nextElementSibling?.textContent,
    label,
  );

/** A page signed in as `s` that logs every toast as it appears. */
async function pageOf(s: Session): Promise<Page> {
  const context = await signedInContext(browser, s);
  const page = await context.newPage();
  await page.setViewport(DESKTOP);
  await page.evaluateOnNewDocument(() => {
    const log: string[] = [];
    (window as unknown as ToastLog).__toastLog = log;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const found =
            node.id === 'notistack-snackbar' ? [node] : Array.from(node.querySelectorAll('#notistack-snackbar'));
          for (const m of found) log.push(m.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
  return page;
}
const toastShown = (page: Page, text: string) =>
  waitInPage(page, `the toast '${text}'`, () => (window as unknown as ToastLog).__toastLog, {
    until: (log) => log.includes(text),
    timeout: 15_000,
  });

async function auditBothWidths(page: Page, screen: string) {
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewport(viewport);
    await waitUntilSettled(page);
    const violations = await axeViolations(page);
    expect([screen, viewport.width, describeViolations(violations)]).toEqual([screen, viewport.width, '']);
  }
  await page.setViewport(DESKTOP);
}

/** Moves the keyboard's focus forward until it is on `name`'s button (at most `max` presses of Tab). */
async function tabTo(page: Page, name: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (focused === name) return;
  }
  throw new Error(`the keyboard never reached '${name}'`);
}

/** The Status of each row of the profile's order history. */
async function historyStatuses(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl()}/profile`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('[data-testid="order-row"]', { timeout: 15_000 });
  return page.$$eval('[data-testid="order-row"]', (rows) => {
    const names = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
    const at = names.indexOf('Status');
    return rows.map((row) => row.children[at]?.textContent ?? '');
  });
}

it('cancel: a live show cancelled from the order page with the keyboard; refunded once, for sale again', async () => {
  const cartId = (await buyWithCard(canceller, LIVE.path)).cartId;
  const page = await pageOf(canceller);
  await page.goto(`${baseUrl()}/order/${cartId}`, { waitUntil: 'networkidle0' });
  await shows(page, 'You can cancel this order for a full refund until');
  expect(await bodyText(page)).toMatch(/until \w{3} \d+, \d{4}, \d+:\d{2} [AP]M E[SD]T\./);
  await auditBothWidths(page, 'order page with the Manage section');

  await page.goto(`${baseUrl()}/order/${cartId}`, { waitUntil: 'networkidle0' });
  await shows(page, 'You can cancel this order for a full refund until');
  await tabTo(page, 'Cancel order');
  await page.keyboard.press('Enter');
  const dialog = '::-p-aria([name="Cancel this order?"][role="dialog"])';
  await page.waitForSelector(dialog);
  await auditBothWidths(page, 'the cancel dialog');
  // Escape keeps the order. (The audit's change of width drew the page anew: it starts again.)
  await page.keyboard.press('Escape');
  await poll(
    'the dialog to close',
    () => page.$(dialog),
    (d) => d === null,
  );
  await page.goto(`${baseUrl()}/order/${cartId}`, { waitUntil: 'networkidle0' });
  await shows(page, 'You can cancel this order for a full refund until');
  await tabTo(page, 'Cancel order');
  await page.keyboard.press('Enter');
  await page.waitForSelector(dialog);
  // The focus starts on Keep order; one Tab on is the dialog's Cancel order.
  const focused = () =>
    page.evaluate(() => ({
      name: document.activeElement?.textContent,
      inDialog: Boolean(document.activeElement?.closest('[role="dialog"]')),
    }));
  await poll('the focus on Keep order', focused, (f) => f.name === 'Keep order' && f.inDialog);
  await page.keyboard.press('Tab');
  expect(await focused()).toEqual({ name: 'Cancel order', inDialog: true });
  await page.keyboard.press('Enter');
  await toastShown(page, 'Order cancelled. Your refund is on its way.');
  await poll(
    'Status Cancelled',
    () => fact(page, 'Status'),
    (s) => s === 'Cancelled',
    { timeout: 15_000 },
  );
  await shows(page, 'This order was already cancelled.');

  expect(await historyStatuses(page)).toEqual(['Cancelled']);
  await page.goto(`${baseUrl()}/events/${LIVE.path}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(button('Add to cart'), { timeout: 15_000 });
  expect(await page.$('a ::-p-text(Play)')).toBeNull();
  const cancellations = (await mails()).filter((m) => m.to === canceller.email && m.subject.endsWith('is cancelled'));
  expect(cancellations).toHaveLength(1);
  expect(cancellations[0]!.text).toContain(LIVE.title);
  await page.browserContext().close();
}, 120_000);

it('transfer: the receiver signs up from the mail, finds the ticket and plays it; the sender cannot', async () => {
  const cartId = (await buyWithCard(sender, VOD.path)).cartId;
  const page = await pageOf(sender);
  await page.goto(`${baseUrl()}/order/${cartId}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(button(`Transfer ticket for ${VOD.title}`), { timeout: 15_000 });
  await tabTo(page, `Transfer ticket for ${VOD.title}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('::-p-aria([name="Transfer your ticket"][role="dialog"])');
  // A wrong address: the field says so and nothing is sent.
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await shows(page, 'E-mail address must look like name@example.com.');
  const receiverEmail = uniqueEmail('receiver');
  const field = await page.waitForSelector('::-p-aria(Their e-mail address)');
  await field!.click({ count: 3 });
  await page.keyboard.type(receiverEmail);
  await page.keyboard.press('Enter');
  await toastShown(page, 'Ticket handed on to r***@example.com. We sent them an e-mail.');
  await shows(page, 'Handed on to r***@example.com');
  await auditBothWidths(page, 'order page, a ticket handed on');

  // The sender's event page offers it for sale again: no Play.
  await page.goto(`${baseUrl()}/events/${VOD.path}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector(button('Add to cart'), { timeout: 15_000 });
  expect(await page.$('a ::-p-text(Play)')).toBeNull();
  await page.browserContext().close();

  // The receiver's mail names the sender and the event, and links to sign-in.
  const invite = await poll(
    'the mail to the receiver',
    async () => (await mails()).find((m) => m.to === receiverEmail && m.subject.includes('handed you a ticket')),
    Boolean,
    { timeout: 15_000 },
  );
  expect(invite!.subject).toBe(`Sam Sender handed you a ticket for ${VOD.title}`);
  const link = /(https?:\/\/\S+\/sign-in)\b/.exec(invite!.text)?.[1];
  expect(link).toBeDefined();

  // The receiver follows the link (on the address the journeys use) and signs up with that address.
  const context = await browser.createBrowserContext();
  const receiver = await context.newPage();
  await receiver.setViewport(DESKTOP);
  await receiver.goto(`${baseUrl()}${new URL(link!).pathname}`, { waitUntil: 'networkidle0' });
  const typeInto = async (label: string, value: string) => {
    const input = await receiver.waitForSelector(`::-p-aria(${label})`, { timeout: 10_000 });
    await input!.click({ count: 3 });
    await receiver.keyboard.press('Backspace');
    await input!.type(value);
  };
  await typeInto('E-mail address', receiverEmail);
  await receiver.locator('::-p-text(Continue with e-mail)').click();
  await receiver.waitForSelector('::-p-text(Check your e-mail)');
  await typeInto('First name', 'Rae');
  await typeInto('Last name', 'Receiver');
  await typeInto('Sign-in code', await codeFor(receiverEmail));
  await receiver.locator('::-p-text(Verify)').click();
  await waitForPath(receiver, '/');

  expect(await historyStatuses(receiver)).toEqual(['Transfer']);
  await receiver.goto(`${baseUrl()}/events/${VOD.path}`, { waitUntil: 'networkidle0' });
  await receiver.locator('a::-p-text(Play)').click();
  await waitForPath(receiver, `/player/${VOD.path}`);
  await waitInPage(
    receiver,
    'the player to start',
    () =>
      Array.from(document.querySelectorAll('[data-angle][data-state="playing"] video')).some(
        (v) => (v as HTMLVideoElement).currentTime > 0,
      ),
    { until: Boolean, timeout: 45_000 },
  );
  await context.close();
}, 180_000);
