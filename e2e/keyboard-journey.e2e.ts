// @widths desktop: a keyboard user works at a desk; the phone menu by keyboard is a11y.e2e.ts
import type { Browser, Page } from 'puppeteer';
import { DESKTOP } from './support/axe';
import { baseUrl, launchBrowser } from './support/browser';
import { api, buyWithCard, signUpThroughApi, signedInContext, uniqueEmail } from './support/accounts';
import { codeFor } from './support/mailbox';
import { grantOrganizerByCommand } from './support/organizer';
import { waitUntil } from './support/waitUntil';
import { KeyboardJourney } from './support/keyboardJourney';
import { keyActivations, pointerEvents, toastsShown } from './support/keyboardOnly';

/**
 * A whole purchase with the keyboard alone, at phone and desktop width: from the home page to an
 * event, into the cart, a promo code, sign-in with the code from the outbox, the sandbox card, the
 * confirmation, the player (another main angle, another layout) and out again; then an organizer
 * through the console (the events list, editing an event and saving it, the live control room, sales
 * and an order). Only page.keyboard is used: the page counts pointer events and untrusted clicks or
 * submits and must see none. At every stop the focused element is named, visible, on screen, not
 * covered, not behind an open dialog, and looks different from when it is not focused; after every
 * Enter, Space or Escape focus is on the page, after a change of address on the new page's heading,
 * after a dialog closes back on what opened it (support/keyboardJourney.ts); axe finds no WCAG 2.2
 * A/AA violation at any step.
 */

// The player's ten tiles buffer in a shared headless Chromium; each journey is one test.
jest.setTimeout(240_000);

const EVENT = { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged' };
const OK_CARD = '4242424242424242';
const EXPIRY_DIGITS = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

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
const cartTotal = (page: Page) =>
  page.evaluate(() => {
    const total = Array.from(document.querySelectorAll('dt')).find((dt) => dt.textContent === 'Total');
    return total?.nextElementSibling?.textContent ?? null;
  });

/** Console and page errors of the journey's tab, each with its step, to be none at the end. */
function errorsOf(j: KeyboardJourney): string[] {
  const errors: string[] = [];
  j.page.on('pageerror', (e) => errors.push(`${j.step}: page error: ${(e as Error).message}`));
  j.page.on('console', (m) => {
    if (m.type() === 'error')
      errors.push(`${j.step}: console error: ${m.text()} (${m.location().url ?? 'no address'})`);
  });
  return errors;
}

/** Everything was done from the keyboard, every focus check held, and axe found nothing (all shown at once). */
async function expectKeyboardOnlyAndClean(j: KeyboardJourney, errors: string[], minStops: number) {
  j.finish();
  expect({
    pointerEvents: await pointerEvents(j.page),
    focusProblems: j.problems,
    axe: j.axe.filter((a) => a.violations !== ''),
    errors,
  }).toEqual({ pointerEvents: [], focusProblems: [], axe: [], errors: [] });
  expect(j.stops.length).toBeGreaterThan(minStops);
  expect(j.looksCompared).toBeGreaterThan(minStops / 2);
}

// At desktop width only (the file's first line): the phone's menu, the one thing a phone adds, is
// reached by keyboard in a11y.e2e.ts, and axe audits every screen at both widths in a11y-*.e2e.ts.
describe('a purchase with the keyboard alone at desktop width', () => {
  const viewport = DESKTOP;
  it(
    'browse → event → cart → promo code → sign in with the ' + 'mailed code → card → confirmation → player → leave',
    async () => {
      const context = await browser.createBrowserContext();
      const j = await KeyboardJourney.open(context, viewport);
      const page = j.page;
      const errors = errorsOf(j);
      const email = uniqueEmail('keyboard');

      // Typing the shop's address is the one thing done outside the page.
      await j.load('home', `${baseUrl()}/`, () => shows(page, 'the event cards', 'article[aria-label]'));

      // Browse: Tab along the home page to the event's card and open it.
      await j.tabTo(`'View Event' of ${EVENT.title}`, (f) => f.name === 'View Event' && f.card === EVENT.title, {
        max: 200,
      });
      await j.press('Enter');
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
      await j.dialogOpened('promo code dialog');
      await page.keyboard.type('SAVE10');
      await j.press('Enter');
      const discounted = await waitUntil(page, 'a lower total', cartTotal, (t) => t !== null && t !== fullPrice);
      await j.dialogClosed('cart with the coupon', { audit: true });
      expect((await j.checkFocus())?.name).toBe('Remove coupon');

      // A guest going to checkout is sent to sign in, and comes back to the cart afterwards.
      await j.activate('Proceed to Checkout');
      await onPath(page, '/sign-in');
      await j.arrive('sign-in', () => shows(page, 'the e-mail field', '::-p-aria(E-mail address)'));
      await j.fill('E-mail address', email);
      await j.activate('Continue with e-mail');
      await shows(page, 'the code step', '::-p-text(Check your e-mail)');
      await j.stayed('sign-in code', { audit: true });
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
      expect(await toastsShown(page)).toContain('Payment processed successfully.');
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

      // To the event again through the header's Home link and the home page.
      await j.activate('Home');
      await onPath(page, '/');
      await j.arrive('home, signed in', () => shows(page, 'the event cards', 'article[aria-label]'));
      await j.tabTo(`'View Event' of ${EVENT.title}`, (f) => f.name === 'View Event' && f.card === EVENT.title, {
        max: 200,
      });
      await j.press('Enter');
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
      await j.stayed('player, Crowd View');
      const layoutBefore = await pressedLayout(page);
      const other = await j.tabTo(
        'another layout',
        (f) => f.role === 'button' && f.group === 'Layout' && f.name !== layoutBefore,
      );
      await j.press('Enter');
      await waitUntil(page, `the layout '${other.name}'`, pressedLayout, (l) => l === other.name);
      await j.stayed('player, new layout', { audit: true });

      const closed = page.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().includes('/viewing-sessions/'),
        { timeout: 15_000 },
      );
      await j.activate('Back to event', { backwards: true });
      expect((await closed).status()).toBe(200);
      await onPath(page, /^\/events\//);
      await j.arrive('left the player', () => shows(page, "'Play'", 'a ::-p-text(Play)'));

      await expectKeyboardOnlyAndClean(j, errors, 20);
      console.log(
        `keyboard journey at ${viewport.width} px: ${j.stops.length} focus stops over ${j.axe.length} steps, ` +
          `${j.looksCompared} compared focused against unfocused, all visible, axe clean; ` +
          `clicks made by MUI for a pressed key: ${(await keyActivations(page)).join(', ') || 'none'}`,
      );
      await context.close();
    },
  );
});

describe('the organizer console with the keyboard alone', () => {
  it('events list → edit an event and save → live control room → sales of the event → an order', async () => {
    // The organizer as the operator makes one; their own live show, on sale, and a fan's order of it.
    const organizer = await signUpThroughApi('keyboard-organizer', 'Kim', 'Keys');
    const fan = await signUpThroughApi('keyboard-fan', 'Fen', 'Fan');
    expect(await grantOrganizerByCommand(organizer.email)).toBe(`${organizer.email} is an organizer.`);
    const title = `Keyboard Live ${Date.now() % 1_000_000}`;
    const { data: show } = await api<{ data: { id: number; path: string } }>('/studio/events', {
      token: organizer.token,
      body: {
        title,
        contentType: 'Live',
        airDate: `${new Date().getFullYear() + 1}-06-01T20:00`,
        isPremium: true,
        price: 5,
      },
    });
    await api(`/studio/events/${show.id}/publish`, { token: organizer.token, method: 'POST' });
    const { orderId } = await buyWithCard(fan, show.path);

    const context = await signedInContext(browser, organizer);
    const j = await KeyboardJourney.open(context, DESKTOP);
    const page = j.page;
    const errors = errorsOf(j);

    // The events list: search, then into the grid (one tab stop; the arrows move inside) to the row's Edit.
    await j.load('events list', `${baseUrl()}/studio/events`, () => shows(page, 'the heading', 'h1 ::-p-text(Events)'));
    const found = searchAnswered(page, title);
    await j.fill('Search events', title);
    await found;
    await waitUntil(page, 'the one event found', gridRows, (n) => n === 1);
    await j.tabTo('the grid', (f) => f.role === 'columnheader');
    await j.arrowTo('ArrowDown', `the row of ${title}`, (f) => f.name === title);
    await j.arrowTo('ArrowRight', "the row's 'Edit'", (f) => f.name === 'Edit');
    await j.press('Enter');
    await onPath(page, `/studio/events/${show.id}`);
    await j.arrive('event editor', () => shows(page, 'the form', `h1 ::-p-text(${title})`));

    // Edit and save: the server has the new venue; focus stays on Save.
    await j.fill('Venue', 'Rooftop Hall');
    await j.activate('Save');
    await waitUntil(page, "the toast 'Saved.'", toastsShown, (t) => t.includes('Saved.'));
    await j.stayed('event saved', { audit: true });
    const { data: saved } = await api<{ data: { venue: string } }>(`/studio/events/${show.id}`, {
      token: organizer.token,
    });
    expect(saved.venue).toBe('Rooftop Hall');

    // The live control room: a message for viewers, saved with Enter in its field, then cleared.
    await j.activate('Live control room');
    await onPath(page, `/studio/events/${show.id}/live`);
    await j.arrive('live control room', () => shows(page, 'the control room', `h1 ::-p-text(Live: ${title})`));
    await j.fill('Message for viewers', 'Doors open at eight');
    await j.press('Enter');
    await shows(page, 'the message shown', '::-p-text(Shown now: “Doors open at eight”)');
    await j.stayed('viewer message saved');
    await j.activate('Clear message');
    await shows(page, 'no message shown', '::-p-text(Viewers see no message now.)');
    await j.stayed('viewer message cleared');

    // Sales, from the console's bar: the event chosen in the select's list, with the keyboard.
    await j.activate('Sales', { backwards: true });
    await onPath(page, '/studio/sales');
    await j.arrive('sales', () => shows(page, 'the figures', 'h2 ::-p-text(Sales over time)'));
    await j.tabTo("the select 'Event'", (f) => f.role === 'combobox' && f.name.startsWith('Event'));
    await j.press('Enter');
    await shows(page, 'the list of events', '[role="listbox"]');
    await j.dialogOpened('the select’s list');
    await j.arrowTo('ArrowDown', `the option ${title}`, (f) => f.role === 'option' && f.name === title);
    await j.press('Enter');
    await j.dialogClosed('sales of the event');
    await waitUntil(page, 'the event’s figures: one ticket, $5.00', bodyText, (t) => /\$5\.00/.test(t));

    // Orders, from the bar: the fan's order found by e-mail, opened from the grid's link.
    await j.activate('Orders', { backwards: true });
    await onPath(page, '/studio/orders');
    await j.arrive('orders', () => shows(page, 'the heading', 'h1 ::-p-text(Orders)'));
    const answered = searchAnswered(page, fan.email);
    await j.fill('Search by e-mail or order id', fan.email);
    await answered;
    await waitUntil(page, "the fan's one order", gridRows, (n) => n === 1);
    await j.tabTo('the grid', (f) => f.role === 'columnheader');
    await j.arrowTo('ArrowDown', `the row of ${orderId}`, (f) => f.role === 'gridcell' && f.name === orderId);
    await j.tabTo(`the link ${orderId}`, (f) => f.role === 'link' && f.name === orderId, { max: 2 });
    await j.press('Enter');
    await onPath(page, /^\/studio\/orders\/\d+$/);
    await j.arrive('order', () => shows(page, 'the order', `h1 ::-p-text(${orderId})`));

    // The refund's question, declined: focus goes back to 'Refund' and the order stays paid.
    await j.activate('Refund');
    await shows(page, 'the refund question', '[role="dialog"] ::-p-text(Refund this order?)');
    await j.dialogOpened('refund question');
    expect((await j.checkFocus())?.name).toBe('Cancel');
    await j.press('Enter');
    await j.dialogClosed('refund declined');
    expect(await page.$eval('[data-testid="order-status"]', (c) => c.textContent)).toBe('Active');

    await expectKeyboardOnlyAndClean(j, errors, 20);
    console.log(
      `console journey: ${j.stops.length} focus stops over ${j.axe.length} steps, ` +
        `${j.looksCompared} compared focused against unfocused, all visible, axe clean; ` +
        `clicks made by MUI for a pressed key: ${(await keyActivations(page)).join(', ') || 'none'}`,
    );
    await context.close();
  });
});

/** The name of the pressed button in the player's Layout group. */
const pressedLayout = (page: Page) =>
  page.$eval('[role="group"][aria-label="Layout"] [aria-pressed="true"]', (b) => b.getAttribute('aria-label'));

/**
 * The server's answer to a console grid's search for the whole of `term`: the grid searches as it
 * is typed (debounced), and an answer for the first letters may show the same one row just before
 * the last search's loading overlay covers it.
 */
const searchAnswered = (page: Page, term: string) =>
  page.waitForResponse((r) => new URL(r.url()).searchParams.get('search') === term, { timeout: 20_000 });

/** The rows a console grid shows once it has loaded (-1 while its loading overlay is up). */
const gridRows = (page: Page) =>
  page.evaluate(() =>
    document.querySelector('[role="grid"] [role="progressbar"]')
      ? -1
      : document.querySelectorAll('[role="grid"] [data-rowindex]').length,
  );

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
