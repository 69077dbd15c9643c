import type { Browser, Page } from 'puppeteer';
import { baseUrl, launchBrowser, readState } from './support/browser';
import { codeFor } from './support/mailbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const toasts = (page: Page) => page.$$eval('#notistack-snackbar', (els) => els.map((e) => e.textContent ?? ''));
const waitForToast = (page: Page, text: string) =>
  page.waitForFunction((t) => Array.from(document.querySelectorAll('#notistack-snackbar')).some((e) => e.textContent === t), { timeout: 10_000 }, text);

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

  it('signs up a new e-mail with the mailed code, shows the profile, edits the name, logs out from the dialog', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const started = Date.now();
    await startEmailSignIn(page, email);
    await waitForToast(page, `We sent a sign-in code to ${email}.`);
    await type(page, 'First name', 'Nia');
    await type(page, 'Last name', 'Okafor');
    await type(page, 'Sign-in code', await codeFor(email));
    await page.locator('::-p-text(Verify)').click();
    await page.waitForFunction(() => location.pathname === '/');
    expect(await page.evaluate(() => [localStorage.getItem('userID'), localStorage.getItem('userName')])).toEqual([expect.stringMatching(/^\d+$/), 'Nia Okafor']);
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
    await page.waitForFunction(() => location.pathname === '/' && localStorage.getItem('userID') === null);
    await context.close();
  });

  it('an existing user signs in again without names; a wrong code toasts', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await startEmailSignIn(page, email);
    expect(await page.$('::-p-aria(First name)')).toBeNull();
    const code = await codeFor(email);
    await type(page, 'Sign-in code', code === '000000' ? '111111' : '000000');
    await page.locator('::-p-text(Verify)').click();
    await waitForToast(page, 'Please Enter a valid 6-digit Code');
    await type(page, 'Sign-in code', '12');
    await page.locator('::-p-text(Verify)').click();
    await waitForToast(page, 'Please Enter a valid 6-digit Code');
    await type(page, 'Sign-in code', code);
    await page.locator('::-p-text(Verify)').click();
    await page.waitForFunction(() => location.pathname === '/' && localStorage.getItem('userID') !== null);
    // A signed-in visitor is sent away from /sign-in.
    await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.pathname === '/');
    await context.close();
  });

  it('an invalid e-mail toasts and sends nothing', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl()}/sign-in`, { waitUntil: 'networkidle0' });
    await type(page, 'E-mail address', 'not-an-email');
    await page.locator('::-p-text(Continue with e-mail)').click();
    await waitForToast(page, 'Please Enter a valid email address');
    expect(await toasts(page)).toEqual(['Please Enter a valid email address']);
    await context.close();
  });

  it('counts the resend down from 60 seconds', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await startEmailSignIn(page, `resend-${Date.now()}@example.com`);
    const first = await page.$eval('[data-testid="resend-countdown"]', (e) => e.textContent);
    expect(first).toMatch(/^Resend code in (60|59)s$/);
    await new Promise((r) => setTimeout(r, 2100));
    const later = Number((await page.$eval('[data-testid="resend-countdown"]', (e) => e.textContent))!.match(/\d+/)![0]);
    expect(later).toBeLessThanOrEqual(58);
    expect(later).toBeGreaterThanOrEqual(55);
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
    await a.waitForFunction(() => location.pathname === '/');
    const userIdIn = (page: Page) => page.evaluate(() =>
      (window as unknown as { __storefront: { getState: () => { auth: { userId: string | null } } } }).__storefront.getState().auth.userId);
    await b.waitForFunction(() =>
      (window as unknown as { __storefront: { getState: () => { auth: { userId: string | null } } } }).__storefront.getState().auth.userId !== null, { timeout: 10_000 });
    expect(await userIdIn(b)).toBe(await userIdIn(a));

    await a.goto(`${baseUrl()}/profile`, { waitUntil: 'networkidle0' });
    await a.locator('main ::-p-text(Logout)').click();
    await a.locator('[role="dialog"] ::-p-aria([name="Logout"][role="button"])').click();
    await a.waitForFunction(() => localStorage.getItem('userID') === null);
    await b.waitForFunction(() =>
      (window as unknown as { __storefront: { getState: () => { auth: { userId: string | null } } } }).__storefront.getState().auth.userId === null, { timeout: 10_000, polling: 100 });
    await b.bringToFront();
    await b.waitForSelector('a[aria-label="Sign in"]');
    expect(await readState<string | null>(b, 'auth.userId')).toBeNull();
    // Neither tab brought the session back by writing its own stale copy.
    await new Promise((r) => setTimeout(r, 500));
    expect(await a.evaluate(() => localStorage.getItem('userID'))).toBeNull();
    await context.close();
  }, 60_000);
});

it('/profile sends a visitor who is not signed in to /sign-in', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/profile`, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => location.pathname === '/sign-in');
  await context.close();
});

it('/sign-up is a mock: toasts, 4 code boxes, home after 1.5 s, no server call', async () => {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/sign-up`, { waitUntil: 'networkidle0' });
  const calls: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/v1/')) calls.push(r.url()); });
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
  await page.waitForFunction(() => location.pathname === '/', { timeout: 5000 });
  expect(calls.filter((u) => !u.includes('/carousel') && !u.includes('/pagecategory') && !u.includes('/public/config'))).toEqual([]);
  await context.close();
});
