// @widths desktop: signing in, up and out do not change with the width
import type { Browser, BrowserContext, Page } from 'puppeteer';
import { baseUrl, launchBrowser, readState } from './support/browser';
import { codeFor } from './support/mailbox';
import { observeFor, valueSteps, waitForPath, waitInPage, waitUntil } from './support/waitUntil';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Where the page is and who is signed in there (read in the page). */
const whereAndWho = () => ({ path: location.pathname, userId: localStorage.getItem('userID') });
const toasts = (page: Page) => page.$$eval('#notistack-snackbar', (els) => els.map((e) => e.textContent ?? ''));
const waitForToast = (page: Page, text: string) =>
  waitUntil(page, `a toast '${text}' (toasts on screen are shown)`, toasts, (shown) => shown.includes(text), 10_000);

type ToastLog = { __toastLog: string[] };
/**
 * A page that logs every toast as it appears (window.__toastLog), from the document's first script
 * on: a toast with the same text as one still on screen is a new entry, so "a new toast" is provable.
 */
async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
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
  return page;
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
      timeout: 10_000,
    },
  );
}
/** Every request the page makes to the API from now on. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/v1/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return calls;
}

/** Types into the field whose accessible name is `label` (MUI labels name their inputs), replacing its text. */
async function type(page: Page, label: string, value: string) {
  const input = await page.waitForSelector(`::-p-aria(${label})`, { timeout: 10_000 });
  await input!.click({ count: 3 });
  await page.keyboard.press('Backspace');
  await input!.type(value);
}

async function startEmailSignIn(page: Page, email: string) {
  await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'networkidle0' });
  await type(page, 'E-mail address', email);
  await page.locator('::-p-text(Continue with e-mail)').click();
  await page.waitForSelector('::-p-text(Check your e-mail)');
}

describe('e-mail sign-in', () => {
  const email = `fan-${Date.now()}@example.com`;

  it(
    'signs up a new e-mail with the mailed code, shows the ' + 'profile, edits the name, logs out from the dialog',
    async () => {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      const started = Date.now();
      await startEmailSignIn(page, email);
      await waitForToast(page, `We sent a sign-in code to ${email}.`);
      await type(page, 'First name', 'Nia');
      await type(page, 'Last name', 'Okafor');
      await type(page, 'Sign-in code', await codeFor(email));
      await page.locator('::-p-text(Verify)').click();
      await waitForPath(page, '/');
      expect(await page.evaluate(() => [localStorage.getItem('userID'), localStorage.getItem('userName')])).toEqual([
        expect.stringMatching(/^\d+$/),
        'Nia Okafor',
      ]);
      console.log(`sign-up to signed in: ${((Date.now() - started) / 1000).toFixed(1)} s`);

      await page.locator('a[aria-label="Your profile"]').click();
      await page.waitForSelector('::-p-text(Your Profile)');
      await page.waitForSelector('[data-testid="profile-name"]');
      expect(await page.$eval('[data-testid="profile-name"]', (e) => e.textContent)).toBe('Nia Okafor');
      expect(await page.evaluate(() => document.body.innerText)).toContain(email);
      expect(await page.evaluate(() => document.body.innerText)).toContain('No order history');

      await page.locator('::-p-text(Edit Profile)').click();
      await type(page, 'Name', 'Nia Grace Okafor');
      expect(await page.$eval('::-p-aria(Email)', (e) => (e as HTMLInputElement).disabled)).toBe(true);
      await page.locator('::-p-text(Save)').click();
      await waitForToast(page, 'Profile updated successfully.');
      expect(await page.$eval('[data-testid="profile-name"]', (e) => e.textContent)).toBe('Nia Grace Okafor');

      await page.locator('main ::-p-text(Logout)').click();
      await page.waitForSelector('::-p-text(Are you sure you want to Logout ?)');
      await page.locator('[role="dialog"] ::-p-aria([name="Logout"][role="button"])').click();
      await waitForToast(page, 'Logout successfully.');
      await waitInPage(page, 'home, signed out', whereAndWho, { until: (s) => s.path === '/' && s.userId === null });
      await context.close();
    },
  );

  it('an existing user signs in again without names; a wrong code and a too-short code each toast', async () => {
    const context = await browser.createBrowserContext();
    const page = await newPage(context);
    await startEmailSignIn(page, email);
    expect(await page.$('::-p-aria(First name)')).toBeNull();
    const code = await codeFor(email);
    const calls = recordApiCalls(page);
    await type(page, 'Sign-in code', code === '000000' ? '111111' : '000000');
    await expectNewToast(page, 'Please Enter a valid 6-digit Code', () => page.locator('::-p-text(Verify)').click());
    await page.waitForSelector('::-p-aria([name="Verify"][role="button"]):not([disabled])');
    expect(calls).toEqual(['POST /v1/verifyotp']);
    // The wrong code's toast is still on screen: the too-short code must bring a toast of its own,
    // decided in the page (no request for it).
    expect(await toasts(page)).toContain('Please Enter a valid 6-digit Code');
    await type(page, 'Sign-in code', '12');
    await expectNewToast(page, 'Please Enter a valid 6-digit Code', () => page.locator('::-p-text(Verify)').click());
    expect(await toastsLogged(page, 'Please Enter a valid 6-digit Code')).toBe(2);
    expect(calls).toEqual(['POST /v1/verifyotp']);
    await type(page, 'Sign-in code', code);
    await page.locator('::-p-text(Verify)').click();
    await waitInPage(page, 'home, signed in', whereAndWho, { until: (s) => s.path === '/' && s.userId !== null });
    // A signed-in visitor is sent away from /sign-in.
    await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'networkidle0' });
    await waitForPath(page, '/');
    await context.close();
  });

  it('an invalid e-mail toasts and sends nothing', async () => {
    const context = await browser.createBrowserContext();
    const page = await newPage(context);
    await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'networkidle0' });
    const calls = recordApiCalls(page);
    for (const address of ['not-an-email', 'fan@example', '@example.com']) {
      await type(page, 'E-mail address', address);
      await expectNewToast(page, 'Please Enter a valid email address', () =>
        page.locator('::-p-text(Continue with e-mail)').click(),
      );
    }
    // Anything the submits set off would be on the wire by now.
    await page.waitForNetworkIdle({ idleTime: 500 });
    expect(calls.filter((c) => /\/(checkuser|login|register)$/.test(c))).toEqual([]);
    expect(calls).toEqual([]);
    expect(await toastsLogged(page, 'Please Enter a valid email address')).toBe(3);
    expect(await page.$('::-p-text(Check your e-mail)')).toBeNull();
    await context.close();
  });

  it('counts the resend down from 60 seconds', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await startEmailSignIn(page, `resend-${Date.now()}@example.com`);
    const shown = (p: Page) => p.$eval('[data-testid="resend-countdown"]', (e) => e.textContent);
    expect(await shown(page)).toMatch(/^Resend code in (60|59)s$/);
    // Seen through two ticks: one second less each time, about a second apart.
    const seconds = (p: Page) => shown(p).then((t) => Number(/^Resend code in (\d+)s$/.exec(t ?? '')?.[1]));
    const steps = await valueSteps(page, 'the resend countdown to tick twice', seconds, 2, 6000);
    const [first, ...later] = steps.map((s) => s.value);
    expect(first).toBeGreaterThanOrEqual(58);
    expect(later).toEqual([first! - 1, first! - 2]);
    expect(steps[2]!.at - steps[1]!.at).toBeGreaterThanOrEqual(800);
    expect(steps[2]!.at - steps[1]!.at).toBeLessThanOrEqual(2000);
    await context.close();
  });
});

describe('two tabs', () => {
  it('a second tab follows login and logout', async () => {
    const email = `tabs-${Date.now()}@example.com`;
    const context = await browser.createBrowserContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    await b.goto(`${baseUrl()}/`, { waitUntil: 'networkidle0' });
    await a.bringToFront();
    await startEmailSignIn(a, email);
    await type(a, 'First name', 'Tab');
    await type(a, 'Last name', 'Two');
    await type(a, 'Sign-in code', await codeFor(email));
    await a.locator('::-p-text(Verify)').click();
    await waitForPath(a, '/');
    const userIdIn = (page: Page) =>
      page.evaluate(
        () =>
          (
            window as unknown as { __storefront: { getState: () => { auth: { userId: string | null } } } }
          ).__storefront.getState().auth.userId,
      );
    // b is a background tab (no animation frames): the helpers read it from here, not on rAF in the page.
    await waitUntil(b, 'the background tab to follow the login', userIdIn, (id) => id !== null, 10_000);
    expect(await userIdIn(b)).toBe(await userIdIn(a));

    await a.goto(`${baseUrl()}/profile`, { waitUntil: 'networkidle0' });
    await a.locator('main ::-p-text(Logout)').click();
    await a.locator('[role="dialog"] ::-p-aria([name="Logout"][role="button"])').click();
    await waitInPage(a, 'the logout to clear userID', whereAndWho, { until: (s) => s.userId === null });
    await waitUntil(b, 'the background tab to follow the logout', userIdIn, (id) => id === null, 10_000);
    await b.bringToFront();
    await b.waitForSelector('a[aria-label="Sign in"]');
    expect(await readState<string | null>(b, 'auth.userId')).toBeNull();
    // Neither tab brings the session back by writing its own stale copy.
    await observeFor(
      500,
      'neither tab writes userID back',
      () => Promise.all([a, b].map((p) => p.evaluate(whereAndWho))),
      (tabs) => tabs.every((t) => t.userId === null),
    );
    await context.close();
  }, 60_000);
});

it('/profile sends a visitor who is not signed in to /sign-in', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/profile`, { waitUntil: 'networkidle0' });
  await waitForPath(page, '/sign-in');
  await context.close();
});

it('/sign-up is a mock: toasts, 4 code boxes, home after 1.5 s, no server call', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/sign-up`, { waitUntil: 'networkidle0' });
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/v1/')) calls.push(r.url());
  });
  await page.locator('::-p-text(Create Account)').click();
  await waitForToast(page, 'Please enter your name');
  await type(page, 'Full name', 'Mock Person');
  await page.locator('::-p-text(Create Account)').click();
  await waitForToast(page, 'Please enter your email address');
  await type(page, 'E-mail address', 'mock@example.com');
  await page.locator('::-p-text(Create Account)').click();
  await page.waitForSelector('input[aria-label="Digit 4"]');
  await page.locator('::-p-text(Verify)').click();
  await waitForToast(page, 'Please enter all 4 digits of the OTP');
  for (let i = 1; i <= 4; i += 1) await page.type(`input[aria-label="Digit ${i}"]`, String(i));
  await page.locator('::-p-text(Verify)').click();
  await waitForPath(page, '/', 5000);
  expect(
    calls.filter((u) => !u.includes('/carousel') && !u.includes('/pagecategory') && !u.includes('/public/config')),
  ).toEqual([]);
  await context.close();
});
