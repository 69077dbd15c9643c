import type { Browser, BrowserContext, Page } from 'puppeteer';
import { DESKTOP, PHONE, axeViolations, describeViolations, waitUntilSettled } from './axe';
import { baseUrl } from './browser';
import { signUpThroughApi, uniqueEmail as anyEmail, type Session } from './accounts';
import { waitForPath } from './waitUntil';

/**
 * The screens the accessibility journeys audit with axe-core (WCAG 2.2 A and AA), and what a visitor
 * does on each first; used by a11y.e2e.ts, a11y-phone.e2e.ts and a11y-desktop.e2e.ts.
 */
type Width = { name: 'phone' | 'desktop'; viewport: typeof PHONE | typeof DESKTOP };
export const WIDTHS: Width[] = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
];

/** A screen to audit: a route, and what a visitor does there first (open a menu, submit a form…). */
type Screen = { name: string; path: string; phoneOnly?: boolean; reach?: (page: Page) => Promise<void> };

export const click = (page: Page, selector: string) => page.locator(selector).click();

async function typeInto(page: Page, label: string, value: string) {
  const input = await page.waitForSelector(`::-p-aria(${label})`, { timeout: 10_000 });
  await input!.type(value);
}

const uniqueEmail = (tag: string) => anyEmail(`a11y-${tag}`);

/** The toast the step shows is part of what is audited: it has to be on screen. */
const toastShown = (page: Page) => page.waitForSelector('#notistack-snackbar', { timeout: 10_000 });

async function startEmailSignIn(page: Page, email: string) {
  await typeInto(page, 'E-mail address', email);
  await click(page, '::-p-text(Continue with e-mail)');
  await page.waitForSelector('::-p-text(Check your e-mail)');
  await toastShown(page);
}

const heroSlide = (n: number) => async (page: Page) => {
  await click(page, `button[aria-label="Go to slide ${n}"]`);
  await page.waitForSelector(`[aria-roledescription="slide"][aria-label^="${n} of"]:not([aria-hidden="true"])`);
};

/** This visitor's cart holds an event (added from its event page, as a visitor does), and /cart is open. */
export async function cartWithEvent(page: Page) {
  if (!(await page.$('[data-testid="cart-item"]'))) {
    await page.goto(`${baseUrl()}/events/velvet-static-unplugged`, { waitUntil: 'networkidle0' });
    await click(page, '::-p-aria([name="Add to cart"][role="button"])');
    await waitForPath(page, '/cart');
  }
  await page.waitForSelector('[data-testid="cart-item"]');
}

async function removeCouponIfAny(page: Page) {
  if (!(await page.$('::-p-aria([name="Remove coupon"][role="button"])'))) return;
  await click(page, '::-p-aria([name="Remove coupon"][role="button"])');
  await page.waitForSelector('::-p-aria([name="Have a promo code? Apply it now"][role="button"])');
}

async function openPromoDialog(page: Page) {
  await click(page, '::-p-aria([name="Have a promo code? Apply it now"][role="button"])');
  await page.waitForSelector('[role="dialog"] ::-p-aria(Enter code)');
}

const signedOutScreens = (account: () => Session): Screen[] => [
  { name: 'home', path: '/' },
  ...[2, 3, 4].map((n) => ({ name: `home, hero slide ${n}`, path: '/', reach: heroSlide(n) })),
  {
    name: 'home, newsletter form with an error',
    path: '/',
    reach: async (page) => {
      await typeInto(page, 'Email address', 'not-an-email');
      await click(page, 'main form button[type="submit"]');
      await page.waitForSelector('::-p-text(Please Enter a valid email address)');
    },
  },
  {
    name: 'mobile menu open',
    path: '/',
    phoneOnly: true,
    reach: async (page) => {
      await click(page, 'button[aria-label="Open menu"]');
      await page.waitForSelector('#mobile-menu');
    },
  },
  { name: 'upcoming events', path: '/events' },
  { name: 'experience', path: '/experience' },
  { name: 'category', path: '/category/on-demand' },
  { name: 'about', path: '/about' },
  { name: 'demo', path: '/demo' },
  {
    name: 'demo, playing with its controls',
    path: '/demo',
    reach: async (page) => {
      await click(page, 'main button ::-p-text(Play video)');
      await page.waitForSelector('main video[controls]');
    },
  },
  { name: 'free on-demand event', path: '/events/marisol-vega-quartet' },
  { name: 'free Live event ahead (countdown)', path: '/events/midnight-brass-club' },
  { name: 'premium on-demand event', path: '/events/velvet-static-unplugged' },
  { name: 'past Live event', path: '/events/kite-theory-rooftop-set' },
  { name: 'future Live event', path: '/events/neon-harbor-tidal-lights' },
  {
    name: 'premium event, reached from its player link (why not watching)',
    path: '/player/velvet-static-unplugged',
    reach: async (page) => {
      await page.waitForSelector('[role="status"] ::-p-text(This show needs a ticket)');
    },
  },
  { name: 'sign-in', path: '/sign-in' },
  {
    name: 'sign-in, invalid e-mail toast',
    path: '/sign-in',
    reach: async (page) => {
      await typeInto(page, 'E-mail address', 'not-an-email');
      await click(page, '::-p-text(Continue with e-mail)');
      await toastShown(page);
    },
  },
  {
    name: 'sign-in code step with name fields',
    path: '/sign-in',
    reach: (page) => startEmailSignIn(page, uniqueEmail('new')),
  },
  {
    name: 'sign-in code step without name fields',
    path: '/sign-in',
    reach: (page) => startEmailSignIn(page, account().email),
  },
  { name: 'sign-up', path: '/sign-up' },
  {
    name: 'sign-up code screen',
    path: '/sign-up',
    reach: async (page) => {
      await typeInto(page, 'Full name', 'Ada Access');
      await typeInto(page, 'E-mail address', 'ada@example.com');
      await click(page, '::-p-text(Create Account)');
      await page.waitForSelector('input[aria-label="Digit 4"]');
      await toastShown(page);
    },
  },
  { name: 'terms', path: '/terms/3' },
  { name: 'privacy', path: '/privacy/2' },
  {
    name: 'cart, empty',
    path: '/cart',
    reach: async (page) => {
      await page.waitForSelector('::-p-text(Your cart is empty)');
    },
  },
  {
    name: 'cart with events',
    path: '/cart',
    reach: async (page) => {
      await cartWithEvent(page);
      await removeCouponIfAny(page);
    },
  },
  {
    name: 'cart with a coupon',
    path: '/cart',
    reach: async (page) => {
      await cartWithEvent(page);
      await removeCouponIfAny(page);
      await openPromoDialog(page);
      await typeInto(page, 'Enter code', 'SAVE10');
      await page.keyboard.press('Enter');
      await page.waitForSelector('::-p-aria([name="Remove coupon"][role="button"])');
      await page.waitForSelector('[role="dialog"]', { hidden: true });
    },
  },
  {
    name: 'cart, promo code dialog open',
    path: '/cart',
    reach: async (page) => {
      await cartWithEvent(page);
      await removeCouponIfAny(page);
      await openPromoDialog(page);
    },
  },
  { name: 'checkout', path: '/checkout' },
  { name: 'player of an unknown event (404)', path: '/player/no-such-event' },
  { name: '404', path: '/no/such/page' },
];

const signedInScreens: Screen[] = [
  { name: 'profile', path: '/profile' },
  { name: 'profile, editing', path: '/profile', reach: (page) => click(page, '::-p-text(Edit Profile)') },
  {
    name: 'profile, logout dialog',
    path: '/profile',
    reach: async (page) => {
      await click(page, 'main ::-p-text(Logout)');
      await page.waitForSelector('[role="dialog"]');
    },
  },
];

async function audit(page: Page, screen: Screen): Promise<string> {
  await page.goto(baseUrl() + screen.path, { waitUntil: 'networkidle0' });
  await waitUntilSettled(page);
  if (screen.reach) {
    await screen.reach(page);
    await waitUntilSettled(page);
  }
  return describeViolations(await axeViolations(page));
}

/**
 * Every screen, signed out then signed in, audited at one width by one visitor. Each width is a
 * journey file of its own (a11y-phone, a11y-desktop), so the two run side by side.
 */
export function auditEveryScreenAt({ name, viewport }: Width, browser: () => Browser): void {
  describe(`axe-core, WCAG 2.2 A and AA, at ${name} width`, () => {
    // One visitor per width: a browser context keeps its guest token from screen to screen.
    let context: BrowserContext;
    let page: Page;
    let account: Session;
    beforeAll(async () => {
      account = await signUpThroughApi('a11y-user');
      context = await browser().createBrowserContext();
      page = await context.newPage();
      await page.setViewport(viewport);
    });
    afterAll(() => context.close());

    const screens = signedOutScreens(() => account).filter((s) => name === 'phone' || !s.phoneOnly);
    it.each(screens)('$name ($path) has no violations', async (screen) => {
      expect(await audit(page, screen)).toBe('');
    });

    describe('signed in', () => {
      beforeAll(async () => {
        // Same as after a sign-in: the session under the spec's localStorage keys, set before the app starts.
        await page.goto(`${baseUrl()}/healthz`);
        await page.evaluate((s) => {
          localStorage.setItem('user_token', s.token);
          localStorage.setItem('userID', String(s.userId));
          localStorage.setItem('userName', 'Ada Access');
        }, account);
      });

      it.each(signedInScreens)('$name ($path) has no violations', async (screen) => {
        expect(await audit(page, screen)).toBe('');
      });
    });
  });
}
