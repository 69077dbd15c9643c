import type { Browser, BrowserContext, Page } from 'puppeteer';
import { DESKTOP, PHONE, axeViolations, describeViolations, waitUntilSettled } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { api, uniqueEmail } from './support/accounts';
import { codeFor } from './support/mailbox';
import { waitUntil } from './support/waitUntil';
import { readFocus, focusProblems, type Focus } from './support/focus';

/**
 * A whole purchase with the keyboard alone, at phone and desktop width: from the home page to an
 * event, into the cart, a promo code, sign-in with the code from the outbox, the sandbox card, the
 * confirmation, the player (another main angle, another layout) and out again. The mouse is never
 * used (the page counts pointer events and must see none). At every Tab stop the focused element
 * shows a focus indicator, is on screen and not covered, and is never behind an open dialog or in
 * a hidden part of the page; axe finds no WCAG 2.2 A/AA violation at any step.
 */

// The player's ten tiles buffer in a shared headless Chromium; the whole journey is one test.
jest.setTimeout(240_000);

const EVENT = { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged' };
const OK_CARD = '4242424242424242';
const EXPIRY_DIGITS = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

type ToastLog = { __toastLog: string[]; __pointerEvents: string[] };

/** What the journey saw: every Tab stop, what was wrong with any of them, and axe's findings per step. */
class Journey {
  readonly stops: (Focus & { step: string })[] = [];
  readonly axe: { step: string; violations: string }[] = [];
  readonly problems: string[] = [];
  step = 'start';

  constructor(readonly page: Page) {}

  /** Names the step, waits until the page settles, then runs axe on it. */
  async arrive(step: string, ready: () => Promise<unknown>) {
    this.step = step;
    await ready();
    await waitUntilSettled(this.page);
    this.axe.push({ step, violations: describeViolations(await axeViolations(this.page)) });
  }

  /** Checks where focus is now (after Enter, a dialog opening or closing, a new page). */
  async checkFocus(): Promise<Focus | null> {
    const focus = await readFocus(this.page);
    if (focus) {
      this.stops.push({ ...focus, step: this.step });
      this.problems.push(...focusProblems(focus).map((p) => `${this.step}: ${p}`));
    }
    return focus;
  }

  /** Presses Tab (Shift+Tab backwards) until the focused element is `what`; checks every stop on the way. */
  async tabTo(what: string, want: (f: Focus) => boolean, { max = 150, backwards = false } = {}): Promise<Focus> {
    const seen: string[] = [];
    for (let i = 0; i < max; i += 1) {
      if (backwards) await this.page.keyboard.down('Shift');
      await this.page.keyboard.press('Tab');
      if (backwards) await this.page.keyboard.up('Shift');
      const focus = await this.checkFocus();
      seen.push(focus ? `${focus.name} [${focus.region}]` : '(out of the page)');
      if (focus && want(focus)) return focus;
    }
    throw new Error(`${this.step}: ${max} Tab presses did not reach ${what}; stops: ${seen.join(' → ')}`);
  }

  /** Tab to the control named `name` and press Enter on it. */
  async activate(name: string, opts?: { max?: number; backwards?: boolean; key?: 'Enter' | 'Space' }) {
    await this.tabTo(`'${name}'`, (f) => f.name === name, opts);
    await this.page.keyboard.press(opts?.key ?? 'Enter');
  }

  /** Tab to the field labelled `label` and type into it. */
  async fill(label: string, text: string) {
    await this.tabTo(`the field '${label}'`, (f) => f.field && f.name === label);
    await this.page.keyboard.type(text);
  }
}

const pathname = (page: Page) => new URL(page.url()).pathname;
const onPath = (page: Page, path: string | RegExp) =>
  waitUntil(
    page,
    `the address ${path}`,
    async (p) => pathname(p),
    (seen) => (typeof path === 'string' ? seen === path : path.test(seen)),
    20_000,
  );
const shows = (page: Page, what: string, selector: string, timeout = 20_000) =>
  waitUntil(page, what, (p) => p.$(selector).then((e) => e !== null), Boolean, timeout);
const toasts = (page: Page) => page.evaluate(() => (window as unknown as ToastLog).__toastLog.slice());
const cartTotal = (page: Page) =>
  page.evaluate(() => {
    const total = Array.from(document.querySelectorAll('dt')).find((dt) => dt.textContent === 'Total');
    return total?.nextElementSibling?.textContent ?? null;
  });

/** A guest's tab: logs toasts and every pointer event (there must be none) from the document's first script on. */
async function guestTab(context: BrowserContext, viewport: typeof PHONE | typeof DESKTOP): Promise<Page> {
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.evaluateOnNewDocument(() => {
    const w = window as unknown as ToastLog;
    w.__toastLog = [];
    w.__pointerEvents = [];
    for (const type of ['pointerdown', 'mousedown', 'touchstart']) {
      window.addEventListener(
        type,
        (e) => {
          if (e.isTrusted) w.__pointerEvents.push(`${type} on ${(e.target as Element | null)?.tagName ?? '?'}`);
        },
        true,
      );
    }
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          if (!(node instanceof Element)) continue;
          const messages =
            node.id === 'notistack-snackbar' ? [node] : Array.from(node.querySelectorAll('#notistack-snackbar'));
          for (const m of messages) w.__toastLog.push(m.textContent ?? '');
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return page;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('a purchase with the keyboard alone at %s width', (_name, viewport) => {
  it(
    'browse → event → cart → promo code → sign in with the ' + 'mailed code → card → confirmation → player → leave',
    async () => {
      const context = await browser.createBrowserContext();
      const page = await guestTab(context, viewport);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(`page error: ${(e as Error).message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
      });
      const j = new Journey(page);
      const email = uniqueEmail('keyboard');

      // Typing the shop's address is the one thing done outside the page.
      await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle0' });
      await j.arrive('home', () => shows(page, 'the event cards', 'article[aria-label]'));

      // Browse: Tab along the home page to the event's card and open it.
      await j.tabTo(`'View Event' of ${EVENT.title}`, (f) => f.name === 'View Event' && f.card === EVENT.title, {
        max: 200,
      });
      await page.keyboard.press('Enter');
      await onPath(page, /^\/events\//);
      await j.arrive('event page', () =>
        shows(page, "'Add to cart'", '::-p-aria([name="Add to cart"][role="button"])'),
      );

      // Into the cart (the button goes on to /cart once the server has the line).
      await j.activate('Add to cart');
      await onPath(page, '/cart');
      await j.arrive('cart', () => shows(page, 'the cart line', `[data-testid="cart-item"] ::-p-text(${EVENT.title})`));
      const fullPrice = await cartTotal(page);

      // The promo code: the dialog takes focus, Enter applies the code, focus comes back to the link.
      await j.activate('Have a promo code? Apply it now');
      await shows(page, 'the promo code dialog', '[role="dialog"] ::-p-aria(Enter code)');
      await waitUntil(
        page,
        'focus in the dialog',
        (p) => p.evaluate(() => document.activeElement?.closest('[role="dialog"]') != null),
        Boolean,
      );
      j.step = 'promo code dialog';
      // The dialog's fade-in over first: mid-way, axe measured its colours half blended (1.28:1), and
      // the field it focuses is still at opacity 0 on its first frame (read as hidden under load).
      await waitUntilSettled(page);
      await j.checkFocus();
      j.axe.push({ step: 'promo code dialog', violations: describeViolations(await axeViolations(page)) });
      await page.keyboard.type('SAVE10');
      await page.keyboard.press('Enter');
      await waitUntil(page, 'the dialog to close', (p) => p.$('[role="dialog"]').then((d) => d === null), Boolean);
      const discounted = await waitUntil(page, 'a lower total', cartTotal, (t) => t !== null && t !== fullPrice);
      await j.arrive('cart with the coupon', async () => undefined);
      expect((await j.checkFocus())?.name).toBe('Remove coupon');

      // A guest going to checkout is sent to sign in, and comes back to the cart afterwards.
      await j.activate('Proceed to Checkout');
      await onPath(page, '/sign-in');
      await j.arrive('sign-in', () => shows(page, 'the e-mail field', '::-p-aria(E-mail address)'));
      await j.fill('E-mail address', email);
      await j.activate('Continue with e-mail');
      await j.arrive('sign-in code', () => shows(page, 'the code step', '::-p-text(Check your e-mail)'));
      await j.fill('First name', 'Kei');
      await j.fill('Last name', 'Board');
      await j.fill('Sign-in code', await codeFor(email));
      await j.activate('Verify');
      await onPath(page, '/cart');
      await j.arrive('cart, signed in', () =>
        shows(page, 'the cart line', `[data-testid="cart-item"] ::-p-text(${EVENT.title})`),
      );
      expect(await waitUntil(page, 'the discounted total after sign-in', cartTotal, (t) => t === discounted)).toBe(
        discounted,
      );

      // The card, from the keyboard; the page formats it as it is typed.
      await j.activate('Proceed to Checkout');
      await onPath(page, '/checkout');
      await j.arrive('checkout', () => shows(page, 'the card form', '::-p-aria(Card number)'));
      await j.fill('Card number', OK_CARD);
      await j.fill('Expiry', EXPIRY_DIGITS);
      await j.fill('CVC', '123');
      await j.activate('Confirm and Pay');

      // The confirmation: the toast, then the order in the profile's history, paid at the discounted total.
      await onPath(page, '/profile');
      await j.arrive('confirmation (profile)', () => shows(page, 'the order row', '[data-testid="order-row"]'));
      expect(await toasts(page)).toContain('Payment processed successfully.');
      const row = await page.$eval('[data-testid="order-row"]', (r) => (r as HTMLElement).innerText);
      expect(row).toContain('Paid');
      expect(row).toContain(discounted);
      const user = await page.evaluate(() => ({
        token: localStorage.getItem('user_token')!,
        id: localStorage.getItem('userID')!,
      }));
      const history = await api<{ data: { data: { rate: number }[] } }>(`/order/history?userId=${user.id}&limit=10`, {
        token: user.token,
      });
      expect(history.data.data).toHaveLength(1);

      // To the event again through the header's Home link (at phone width, in its menu) and the home page.
      if (viewport === PHONE) {
        await j.activate('Open menu');
        await shows(page, 'the menu', '#mobile-menu');
        j.step = 'menu';
      }
      await j.activate('Home');
      await onPath(page, '/');
      await j.arrive('home, signed in', () => shows(page, 'the event cards', 'article[aria-label]'));
      await j.tabTo(`'View Event' of ${EVENT.title}`, (f) => f.name === 'View Event' && f.card === EVENT.title, {
        max: 200,
      });
      await page.keyboard.press('Enter');
      await onPath(page, /^\/events\//);
      await j.arrive('event page, bought', () => shows(page, "'Play'", 'a ::-p-text(Play)'));

      // The player: every angle plays; another main angle, another layout; then leave by its own link.
      await j.activate('Play');
      await onPath(page, /^\/player\//);
      await j.arrive('player', () =>
        waitUntil(
          page,
          'every tile playing',
          (p) => p.$$eval('[data-angle]', (tiles) => tiles.map((t) => t.getAttribute('data-state'))),
          (states) => states.length === 10 && states.every((s) => s === 'playing'),
          60_000,
        ),
      );
      await j.activate('Watch Crowd View');
      await waitUntil(
        page,
        'Crowd View as the main angle',
        (p) => p.$eval('[data-main="true"]', (t) => t.getAttribute('data-angle')),
        (a) => a === '4',
      );
      const layoutBefore = await pressedLayout(page);
      const other = await j.tabTo(
        'another layout',
        (f) => f.role === 'button' && f.group === 'Layout' && f.name !== layoutBefore,
      );
      await page.keyboard.press('Enter');
      await waitUntil(page, `the layout '${other.name}'`, pressedLayout, (l) => l === other.name);
      await j.arrive('player, new layout', async () => undefined);

      const closed = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().includes('/viewing-sessions/'),
        { timeout: 15_000 },
      );
      await j.activate('Back to event', { backwards: true });
      expect((await closed).status()).toBe(200);
      await onPath(page, /^\/events\//);
      await j.arrive('left the player', () => shows(page, "'Play'", 'a ::-p-text(Play)'));

      // Everything was done from the keyboard, every stop was visible, and axe found nothing.
      expect(await page.evaluate(() => (window as unknown as ToastLog).__pointerEvents)).toEqual([]);
      expect(j.problems).toEqual([]);
      expect(j.axe.filter((a) => a.violations !== '')).toEqual([]);
      expect(j.stops.length).toBeGreaterThan(20);
      expect(errors).toEqual([]);
      console.log(
        `keyboard journey at ${viewport.width} px: ${j.stops.length} focus stops over ${j.axe.length} steps, ` +
          'all visible, axe clean',
      );
      await context.close();
    },
  );
});

/** The name of the pressed button in the player's Layout group. */
const pressedLayout = (page: Page) =>
  page.$eval('[role="group"][aria-label="Layout"] [aria-pressed="true"]', (b) => b.getAttribute('aria-label'));
