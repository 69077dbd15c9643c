// @widths both: axe — the purchases at 1280 px; every checkout screen audited by axe at both widths
import type { Browser, BrowserContext, HTTPRequest, Page } from 'puppeteer';
import { DESKTOP, PHONE, axeViolations, describeViolations, waitUntilSettled } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { api, signUpThroughApi, type Session } from './support/accounts';
import { valueSteps, waitForPath, waitInPage } from './support/waitUntil';

/**
 * Checkout in Chromium against the real server and its sandbox payments: a card that pays, one that
 * is declined, one the page refuses (Luhn), one that asks for authentication (Complete and Fail), a
 * 100 % voucher, the guest's way to sign-in, and axe on the new screens at phone and desktop width.
 *
 * One account buys everything (each purchase is a different event: a bought event cannot be added
 * again). It is made through the API once: the e2e server keeps its real limits (10 sign-in code
 * requests per minute per IP, 10 card confirmations per user per minute), and the whole file uses one
 * code request and four card confirmations.
 */

let browser: Browser;

const EVENTS = {
  velvet: { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged', price: '$9.99' },
  planets: { path: 'ironwood-symphony-the-planets', title: 'Ironwood Symphony: The Planets', price: '$12.00' },
  canyon: { path: 'glass-canyon-desert-echoes', title: 'Glass Canyon: Desert Echoes', price: '$11.50' },
  pulse: { path: 'pulse-district-festival-main-stage', title: 'Pulse District Festival: Main Stage', price: '$29.99' },
};
type DemoEvent = (typeof EVENTS)[keyof typeof EVENTS];

const OK_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';
const AUTH_CARD = '4000002500003155';
const LUHN_FAIL_CARD = '4242424242424241';
/** A future 'MM / YY' as typed: December, three years on. */
const EXPIRY_DIGITS = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

// ── the account ─────────────────────────────────────────────────────────────────────────────────

let buyer: Session;

type HistoryRow = {
  orderId: string;
  cartId: number;
  usageType: string;
  payment_method: string;
  rate: number;
  created: string;
};
const history = async (s: Session) =>
  (
    await api<{ data: { data: HistoryRow[]; total: number } }>(`/order/history?userId=${s.userId}&limit=100`, {
      token: s.token,
    })
  ).data.data;

let assetIds: Record<string, number> = {};
async function assetId(event: DemoEvent): Promise<number> {
  if (!assetIds[event.path]) {
    const { data } = await api<{ data: [{ id: number }] }>(`/asset/${event.path}`, { token: buyer.token });
    assetIds = { ...assetIds, [event.path]: data[0].id };
  }
  return assetIds[event.path]!;
}

// ── pages ───────────────────────────────────────────────────────────────────────────────────────

type ToastLog = { __toastLog: string[] };
type Tab = { page: Page; problems: string[]; confirms: string[] };

/**
 * A page that logs every toast as it appears (window.__toastLog, from the document's first script
 * on, so a toast with the same text as one still on screen is a new entry), every console error and
 * page error, and every sandbox card confirmation it sends.
 */
async function newTab(context: BrowserContext, viewport: { width: number; height: number } = DESKTOP): Promise<Tab> {
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.evaluateOnNewDocument(() => {
    const log: string[] = [];
    (window as unknown as ToastLog).__toastLog = log;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const messages =
            node.id === 'notistack-snackbar' ? [node] : Array.from(node.querySelectorAll('#notistack-snackbar'));
          for (const m of messages) log.push(m.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const problems: string[] = [];
  const confirms: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${(e as Error).message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()} (${m.location().url ?? ''})`);
  });
  page.on('request', (r: HTTPRequest) => {
    if (r.url().includes('/payments/sandbox/confirm')) confirms.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return { page, problems, confirms };
}

/** A browser context signed in as `s`: the session under the spec's localStorage keys, set before the app starts. */
async function signedInTab(
  s: Session,
  viewport?: { width: number; height: number },
): Promise<Tab & { context: BrowserContext }> {
  const context = await browser.createBrowserContext();
  const tab = await newTab(context, viewport);
  await tab.page.goto(`${baseUrl()}/healthz`, { waitUntil: 'networkidle0' });
  await tab.page.evaluate((session) => {
    localStorage.setItem('user_token', session.token);
    localStorage.setItem('userID', String(session.userId));
    localStorage.setItem('userName', session.name);
  }, s);
  // Chromium asks a JSON page for /favicon.ico (the app's own pages name theirs): not the app's problem.
  tab.problems.length = 0;
  return { ...tab, context };
}

const toastsLogged = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as ToastLog).__toastLog.filter((x) => x === t).length, text);
/** Runs `action` and waits for a toast with `text` that appeared after it started (not one already on screen). */
async function expectNewToast(page: Page, text: string, action: () => Promise<void>) {
  const before = await toastsLogged(page, text);
  await action();
  await waitInPage(
    page,
    `a new toast '${text}' (toasts so far are shown)`,
    () => (window as unknown as ToastLog).__toastLog,
    {
      until: (log) => log.filter((x) => x === text).length > before,
      timeout: 15_000,
    },
  );
}

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const click = (page: Page, selector: string) => page.locator(selector).click();
const pathname = (page: Page) => new URL(page.url()).pathname;
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);

/**
 * The count the app keeps (docs/behaviour.md §3: the length of cartItems unless a cartUpdated event said otherwise).
 */
const countIn = (page: Page) =>
  page.evaluate(() => {
    const { cart } = (
      window as unknown as {
        __storefront: { getState: () => { cart: { announcedCount: number | null; lines: { ids: number[] } } } };
      }
    ).__storefront.getState();
    return cart.announcedCount ?? cart.lines.ids.length;
  });

/** From the event page: 'Add to cart', which goes on to /cart once the server has it. */
async function addToCart(page: Page, event: DemoEvent) {
  await page.goto(`${baseUrl()}/events/${event.path}`, { waitUntil: 'networkidle0' });
  await click(page, button('Add to cart'));
  await waitForPath(page, '/cart');
  await page.waitForSelector(`[data-testid="cart-item"] ::-p-text(${event.title})`);
}

/** /checkout, from the cart's button, with the card form shown. */
async function toCheckout(page: Page) {
  if (pathname(page) !== '/cart') await page.goto(`${baseUrl()}/cart`, { waitUntil: 'networkidle0' });
  await click(page, button('Proceed to Checkout'));
  await waitForPath(page, '/checkout');
  await page.waitForSelector('::-p-aria(Card number)', { timeout: 15_000 });
}

/** Types into a field from the keyboard, as a buyer does (the form formats as it goes). */
async function typeInto(page: Page, label: string, text: string) {
  const input = await page.waitForSelector(`::-p-aria(${label})`);
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}
const fieldValue = (page: Page, label: string) =>
  page.$eval(`::-p-aria(${label})`, (e) => (e as HTMLInputElement).value);

async function fillCard(page: Page, number: string) {
  await typeInto(page, 'Card number', number);
  await typeInto(page, 'Expiry', EXPIRY_DIGITS);
  await typeInto(page, 'CVC', '123');
}

/**
 * Clicks 'Confirm and Pay' and records every text the button shows from then on (its 'Processing...'
 * may last a few milliseconds only); read them with payButtonTexts.
 */
async function confirmAndPay(page: Page) {
  await page.evaluate(() => {
    const form = document.querySelector('form[aria-label="Card payment"]')!;
    const texts: string[] = [];
    (window as unknown as { __payTexts: string[] }).__payTexts = texts;
    new MutationObserver(() => texts.push(form.querySelector('button[type="submit"]')?.textContent ?? '')).observe(
      form,
      { subtree: true, childList: true, characterData: true },
    );
  });
  await click(page, button('Confirm and Pay'));
}
const payButtonTexts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __payTexts?: string[] }).__payTexts ?? []);

/** The cells of the history table's rows, by column name. */
const historyRows = (page: Page) =>
  page.$$eval('[data-testid="order-row"]', (rows) => {
    const names = Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent ?? '');
    return rows.map((row) =>
      Object.fromEntries(Array.from(row.children).map((cell, i) => [names[i], cell.textContent ?? ''])),
    );
  });

/** The event page of a bought event: 'Play' instead of the price and the cart button. */
async function expectPlayable(page: Page, event: DemoEvent) {
  if (pathname(page) !== `/events/${event.path}`)
    await page.goto(`${baseUrl()}/events/${event.path}`, { waitUntil: 'networkidle0' });
  await page.waitForSelector('a ::-p-text(Play)', { timeout: 10_000 });
  expect(await page.$('[data-testid="price"]')).toBeNull();
  expect(await page.$(button('Add to cart'))).toBeNull();
}

const longUsDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    timeZone: 'America/New_York',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

// ── the journeys ────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  browser = await launchBrowser();
  buyer = await signUpThroughApi('checkout', 'Cass', 'Checkout');
}, 30_000);
afterAll(() => browser.close());

describe('card payments (sandbox)', () => {
  let context: BrowserContext;
  let tab: Tab;
  beforeAll(async () => {
    ({ context, ...tab } = await signedInTab(buyer));
  });
  afterAll(() => context.close());

  it(
    '4242 4242 4242 4242 pays: toast, /profile with the order, ' +
      'order details, empty cart, mail, and the event plays',
    async () => {
      const { page } = tab;
      await addToCart(page, EVENTS.velvet);
      await toCheckout(page);

      const text = await bodyText(page);
      expect(await page.$eval('h1', (h) => h.textContent)).toBe('Checkout');
      expect(text).toContain('Please enter your payment information below.');
      const summary = await page.$eval(
        'section[aria-labelledby="order-summary-title"]',
        (s) => (s as HTMLElement).innerText,
      );
      expect(summary).toContain('Order Summary');
      expect(summary).toContain(EVENTS.velvet.title);
      expect(summary).toMatch(new RegExp(`Total\\s+\\${EVENTS.velvet.price}`));
      expect(await page.$$eval('[data-testid="order-item"]', (items) => items.length)).toBe(1);

      await fillCard(page, OK_CARD);
      // Formatted as typed.
      expect(await fieldValue(page, 'Card number')).toBe('4242 4242 4242 4242');
      expect(await fieldValue(page, 'Expiry')).toBe(`${EXPIRY_DIGITS.slice(0, 2)} / ${EXPIRY_DIGITS.slice(2)}`);
      expect(await fieldValue(page, 'CVC')).toBe('123');
      expect(await page.$eval('::-p-aria(Expiry)', (e) => (e as HTMLInputElement).placeholder)).toBe('MM / YY');

      await expectNewToast(page, 'Payment processed successfully.', () => confirmAndPay(page));
      expect(await payButtonTexts(page)).toContain('Processing...');
      await waitForPath(page, '/profile');
      expect(tab.confirms).toEqual(['POST /v1/payments/sandbox/confirm']);

      // The order, in the history table.
      await page.waitForSelector('[data-testid="order-row"]', { timeout: 10_000 });
      expect(await page.$$eval('thead th', (ths) => ths.map((th) => th.textContent))).toEqual([
        'Order Id',
        'Events',
        'Status',
        'Method',
        'Amount',
        'Purchased on',
        'Info',
      ]);
      const [server] = await history(buyer);
      expect(server).toBeDefined();
      const rows = await historyRows(page);
      expect(rows).toEqual([
        {
          'Order Id': server!.orderId,
          Events: EVENTS.velvet.title,
          Status: 'Paid',
          Method: 'Card',
          Amount: EVENTS.velvet.price,
          'Purchased on': longUsDate(server!.created),
          Info: 'View',
        },
      ]);
      expect(server!.orderId).not.toBe('');

      // The cart is empty, here and in localStorage.
      expect(await countIn(page)).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]');

      // Info → the order page.
      const info = await page.waitForSelector(`a[aria-label="View order ${server!.orderId}"]`);
      expect(await info!.evaluate((a) => new URL((a as HTMLAnchorElement).href).pathname)).toBe(
        `/order/${server!.cartId}`,
      );
      await info!.click();
      await waitForPath(page, `/order/${server!.cartId}`);
      await page.waitForSelector('[data-testid="order-item"]', { timeout: 10_000 });
      expect(await page.$eval('h1', (h) => h.textContent)).toBe('Order Details');
      const details = await bodyText(page);
      expect(details).toContain(EVENTS.velvet.title);
      expect(details).toContain(server!.orderId);

      // The confirmation mail.
      const mails = (await (await fetch(`${baseUrl()}/dev/mailbox.json`)).json()) as {
        to: string;
        subject: string;
        text: string;
      }[];
      const mail = mails.find((m) => m.to === buyer.email && m.subject.includes(server!.orderId));
      expect(mail).toBeDefined();
      expect(mail!.text).toContain(EVENTS.velvet.title);

      await expectPlayable(page, EVENTS.velvet);
      expect(tab.problems).toEqual([]);
    },
    90_000,
  );

  it("4000 0000 0000 0002 is declined: 'Error: Your card was declined.', still on /checkout, no order", async () => {
    const { page } = tab;
    const ordersBefore = (await history(buyer)).length;
    await addToCart(page, EVENTS.planets);
    await toCheckout(page);
    await fillCard(page, DECLINED_CARD);
    tab.confirms.length = 0;
    await expectNewToast(page, 'Error: Your card was declined.', () => confirmAndPay(page));
    await page.waitForSelector(`${button('Confirm and Pay')}:not([disabled])`);
    expect(pathname(page)).toBe('/checkout');
    expect(tab.confirms).toEqual(['POST /v1/payments/sandbox/confirm']);
    expect(await history(buyer)).toHaveLength(ordersBefore);
    expect(await countIn(page)).toBe(1);
    expect(tab.problems).toEqual([]);
  }, 60_000);

  it('a number failing the Luhn check gets an inline message and is never sent', async () => {
    const { page } = tab;
    // Still on /checkout after the decline, the form filled: only the number changes.
    expect(pathname(page)).toBe('/checkout');
    await typeInto(page, 'Card number', LUHN_FAIL_CARD);
    tab.confirms.length = 0;
    const toastsBefore = await page.evaluate(() => (window as unknown as ToastLog).__toastLog.length);
    await click(page, button('Confirm and Pay'));
    const number = await page.waitForSelector('::-p-aria(Card number)[aria-invalid="true"]');
    // The message is the field's description, next to it.
    const described = await number!.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toContain('Your card number is invalid.');
    // Focus is sent to the field to fix.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('card-number');
    await page.waitForNetworkIdle({ idleTime: 500 });
    expect(tab.confirms).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as ToastLog).__toastLog.length)).toBe(toastsBefore);
    expect(tab.problems).toEqual([]);
  }, 30_000);

  it(
    '4000 0025 0000 3155 asks for authentication: Fail → failed and ' +
      'no order; Complete → success, countdown, event page, order',
    async () => {
      const { page } = tab;
      const planetsId = await assetId(EVENTS.planets);
      const ordersBefore = (await history(buyer)).length;

      // Fail.
      await toCheckout(page);
      await fillCard(page, AUTH_CARD);
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), confirmAndPay(page)]);
      expect(pathname(page)).toMatch(/^\/payments\/sandbox\/authenticate\//);
      expect(await bodyText(page)).toContain(EVENTS.planets.price);
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), click(page, 'button[value="fail"]')]);
      expect(pathname(page)).toBe(`/order-confirmation/${planetsId}`);
      expect(new URL(page.url()).searchParams.get('redirect_status')).toBe('failed');
      await page.waitForSelector('::-p-text(Your payment has been failed.)');
      expect(await bodyText(page)).not.toContain('Thank you fro purchase.');
      await page.waitForNetworkIdle({ idleTime: 500 });
      expect(await history(buyer)).toHaveLength(ordersBefore);

      // Complete.
      await toCheckout(page);
      await fillCard(page, AUTH_CARD);
      await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), confirmAndPay(page)]);
      expect(pathname(page)).toMatch(/^\/payments\/sandbox\/authenticate\//);
      await Promise.all([
        page.waitForNavigation({ waitUntil: 'domcontentloaded' }),
        click(page, 'button[value="complete"]'),
      ]);
      const arrived = Date.now();
      expect(pathname(page)).toBe(`/order-confirmation/${planetsId}`);
      const params = new URL(page.url()).searchParams;
      expect(params.get('redirect_status')).toBe('succeeded');
      expect(params.get('payment_intent')).toBeTruthy();
      await page.waitForSelector('::-p-text(Your payment has been Success.)');
      const text = await bodyText(page);
      expect(text).toContain('Thank you fro purchase.');
      expect(text).toContain('Please check your email for your ticket and additional information.');

      const secondsShown = async () =>
        Number(
          (await page.$eval('[role="status"]', (s) => s.textContent ?? '')).match(
            /^Redirecting to event page in (\d+) seconds\.\.\.$/,
          )?.[1],
        );
      // Seen through two ticks: one second less each time, about a second apart.
      const steps = await valueSteps(page, 'the redirect countdown to tick twice', secondsShown, 2, 6000);
      const [first, ...later] = steps.map((s) => s.value);
      expect(first).toBeGreaterThanOrEqual(8);
      expect(first).toBeLessThanOrEqual(10);
      expect(later).toEqual([first! - 1, first! - 2]);
      expect(steps[2]!.at - steps[1]!.at).toBeGreaterThanOrEqual(800);
      expect(steps[2]!.at - steps[1]!.at).toBeLessThanOrEqual(2000);

      // The page made the order.
      await waitInPage(page, 'the cart to be emptied', () => localStorage.getItem('cartItems'), {
        until: (items) => items === '[]',
        timeout: 10_000,
      });
      const orders = await history(buyer);
      expect(orders).toHaveLength(ordersBefore + 1);
      expect(orders.map((o) => o.rate)).toContain(12);

      // Ten seconds after arriving: the event page.
      await waitForPath(page, `/events/${planetsId}`, 13_000);
      expect(Date.now() - arrived).toBeGreaterThanOrEqual(9_000);
      await page.waitForSelector('a ::-p-text(Play)', { timeout: 10_000 });
      expect(await page.$('[data-testid="price"]')).toBeNull();
      expect(await countIn(page)).toBe(0);
      expect(tab.problems).toEqual([]);
    },
    90_000,
  );
});

describe('voucher purchase (FREEPASS)', () => {
  /** On /cart with the event in it: FREEPASS applied from the dialog, the green button showing. */
  async function freepassCart(page: Page) {
    await addToCart(page, EVENTS.canyon);
    await expectNewToast(page, 'Coupon applied', async () => {
      await click(page, button('Have a promo code? Apply it now'));
      const input = await page.waitForSelector('[role="dialog"] ::-p-aria(Enter code)');
      await input!.type('FREEPASS');
      await click(page, `[role="dialog"] ${button('Apply')}`);
    });
    await page.waitForSelector('[role="dialog"]', { hidden: true });
    await page.waitForSelector(button('Purchase Tickets'));
  }

  it("a signed-in user buys with FREEPASS: 'Purchase Tickets', toast, /profile, the method in words", async () => {
    const { context, ...tab } = await signedInTab(buyer);
    const { page } = tab;
    const ordersBefore = (await history(buyer)).length;
    await freepassCart(page);
    await expectNewToast(page, 'Payment processed successfully.', () => click(page, button('Purchase Tickets')));
    await waitForPath(page, '/profile');
    await waitInPage(page, 'one order row more', () => document.querySelectorAll('[data-testid="order-row"]').length, {
      until: (n) => n === ordersBefore + 1,
      timeout: 10_000,
    });
    const orders = await history(buyer);
    const voucherOrder = orders.find((o) => o.payment_method === 'vouchers');
    expect(voucherOrder).toBeDefined();
    const row = (await historyRows(page)).find((r) => r['Order Id'] === voucherOrder!.orderId);
    expect(row).toMatchObject({
      Events: EVENTS.canyon.title,
      Status: 'Paid',
      Method: 'Coupon (100\u00a0%\u00a0off)',
      Amount: '$0.00',
    });
    expect(tab.confirms).toEqual([]);
    expect(await countIn(page)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]');
    await expectPlayable(page, EVENTS.canyon);
    expect(tab.problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("a guest pressing 'Purchase Tickets' goes to /sign-in with redirect_url 'vocher'", async () => {
    const context = await browser.createBrowserContext();
    const { page, problems } = await newTab(context);
    await freepassCart(page);
    await click(page, button('Purchase Tickets'));
    await waitForPath(page, '/sign-in');
    expect(await page.evaluate(() => localStorage.getItem('redirect_url'))).toBe('vocher');
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("a guest opening /checkout goes to /sign-in with redirect_url 'cart'", async () => {
    const context = await browser.createBrowserContext();
    const { page, problems } = await newTab(context);
    await page.goto(`${baseUrl()}/checkout`, { waitUntil: 'networkidle0' });
    await waitForPath(page, '/sign-in');
    expect(await page.evaluate(() => localStorage.getItem('redirect_url'))).toBe('cart');
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});

describe.each([
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
])('axe-core, WCAG 2.2 A and AA, at $name width', ({ viewport }) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedInTab(buyer, viewport));
  });
  afterAll(() => context.close());

  async function audit(path: string, ready: string) {
    await page.goto(baseUrl() + path, { waitUntil: 'networkidle0' });
    await page.waitForSelector(ready, { timeout: 15_000 });
    await waitUntilSettled(page);
    return describeViolations(await axeViolations(page));
  }

  it('/checkout with the card form, a coupon on the cart: each line its list and its discounted price', async () => {
    // An event not bought yet, so that there is something to pay for, 10 % off with SAVE10.
    const pulseId = await assetId(EVENTS.pulse);
    type CartAnswer = { data: { items: { assetId: number }[]; coupon: { code: string } | null } };
    const cart = await api<CartAnswer>(`/cart?user_id=${buyer.userId}`, { token: buyer.token });
    if (!cart.data.items.some((i) => i.assetId === pulseId)) await addToCart(page, EVENTS.pulse);
    if (!cart.data.coupon)
      await api('/order/applyVoucher', { token: buyer.token, body: { coupon_code: 'SAVE10', user_id: buyer.userId } });
    expect(await audit('/checkout', '::-p-aria(Card number)')).toBe('');
    // The list price struck through above what is paid, so the totals below read right.
    const summary = await page.$eval('section[aria-labelledby="order-summary-title"]', (s) => ({
      struck: Array.from(s.querySelectorAll('[data-testid="order-item-list-price"]'), (e) => e.tagName),
      prices: Array.from(s.querySelectorAll('[data-testid="order-item-price"]'), (e) =>
        Array.from(e.children, (c) => c.textContent),
      ),
      totals: (s.querySelector('dl') as HTMLElement).innerText,
    }));
    expect(summary.struck).toEqual(['S']);
    // Named for screen readers too (the struck text alone is not read as such).
    expect(summary.prices).toEqual([['List price $29.99', 'After discount $26.99']]);
    expect(summary.totals).toMatch(/Subtotal\s+\$29\.99\s+Coupon\s+-\$3\.00\s+Total\s+\$26\.99/);
  }, 60_000);

  it('/checkout with the card form showing its messages', async () => {
    await page.goto(`${baseUrl()}/checkout`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('::-p-aria(Card number)', { timeout: 15_000 });
    await typeInto(page, 'Card number', LUHN_FAIL_CARD);
    await click(page, button('Confirm and Pay'));
    await page.waitForSelector('::-p-aria(Card number)[aria-invalid="true"]');
    await waitUntilSettled(page);
    expect(describeViolations(await axeViolations(page))).toBe('');
  }, 60_000);

  it('/order/{cartId} of the FREEPASS order: its line at list price struck through, and $0.00 paid', async () => {
    const order = (await history(buyer)).find((o) => o.payment_method === 'vouchers');
    expect(order).toBeDefined();
    expect(await audit(`/order/${order!.cartId}`, '[data-testid="order-item"]')).toBe('');
    const prices = await page.$$eval('[data-testid="order-item-price"]', (els) =>
      els.map((e) => Array.from(e.children, (c) => `${c.tagName} ${c.textContent}`)),
    );
    expect(prices).toEqual([[`S List price ${EVENTS.canyon.price}`, 'P After discount $0.00']]);
  }, 60_000);

  it('/order-confirmation/{id}?redirect_status=succeeded', async () => {
    // Audited well within the 10 s before it moves on.
    expect(
      await audit(
        `/order-confirmation/${await assetId(EVENTS.velvet)}?redirect_status=succeeded`,
        '::-p-text(Thank you fro purchase.)',
      ),
    ).toBe('');
  }, 60_000);

  it('/profile with its order history: every order read without sideways scrolling, naming its events', async () => {
    expect(await audit('/profile', '[data-testid="order-row"]')).toBe('');
    const layout = await page.evaluate(() => {
      const table = document.querySelector('table[aria-labelledby="order-history-title"]')!;
      return {
        pageScrolls: document.documentElement.scrollWidth > innerWidth,
        tableScrolls:
          table.scrollWidth > table.clientWidth || table.parentElement!.scrollWidth > table.parentElement!.clientWidth,
        rows: Array.from(table.querySelectorAll('[data-testid="order-row"]'), (row) => ({
          // Inside the window, so nothing of it needs a sideways scroll.
          inside: row.getBoundingClientRect().left >= 0 && row.getBoundingClientRect().right <= innerWidth,
          events: Array.from(row.querySelectorAll('a[href^="/events/"]'), (a) => a.textContent),
          method: row.querySelector('[data-label="Method"]')!.textContent,
        })),
      };
    });
    expect(layout).toMatchObject({ pageScrolls: false, tableScrolls: false });
    expect(layout.rows.length).toBeGreaterThanOrEqual(3);
    for (const row of layout.rows) {
      expect(row.inside).toBe(true);
      expect(row.events.length).toBeGreaterThan(0);
      expect(['Card', 'Coupon (100\u00a0%\u00a0off)']).toContain(row.method);
    }
  }, 60_000);
});
