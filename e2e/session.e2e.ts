// @widths desktop: a session ending does not change with the width
import type { Browser, HTTPRequest } from 'puppeteer';
import { baseUrl, launchBrowser, readState } from './support/browser';
import { codeFor } from './support/mailbox';
import { observeFor, waitForPath, waitInPage, waitUntil } from './support/waitUntil';

const EXPIRED = 'Your session has expired. Please sign in again.';

/**
 * A returning user whose session ended on another device (logout there revokes every token): the
 * next navigation here signs the browser out, the page still renders, and one guest token is asked for.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function api(path: string, body: object, token?: string) {
  const res = await fetch(`${baseUrl()}/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: { token: string; userId: number }[] } };
}

it(
  'a session revoked elsewhere: signed out at the next ' + 'navigation, the page renders, one new guest token',
  async () => {
    const email = `revoked-${Date.now()}@example.com`;
    await api('/register', { emailId: email, loginSource: 3 });
    const session = (
      await api('/verifyotp', {
        emailId: email,
        otp: await codeFor(email),
        NewUser: true,
        firstName: 'Other',
        lastName: 'Device',
      })
    ).json.data[0]!;

    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${baseUrl()}/`, { waitUntil: 'networkidle0' });
    await page.evaluate((s) => {
      localStorage.setItem('user_token', s.token);
      localStorage.setItem('userID', String(s.userId));
      localStorage.setItem('userName', 'Other Device');
    }, session);
    await page.reload({ waitUntil: 'networkidle0' });
    await page.waitForSelector('a[aria-label="Your profile"]');
    const guestBefore = await page.evaluate(() => localStorage.getItem('auth_token'));

    // The other device logs out: every token of this user is revoked.
    expect((await api('/logout', {}, session.token)).status).toBe(200);

    const guestTokenRequests: string[] = [];
    page.on('request', (r: HTTPRequest) => {
      if (r.url().includes('/v1/token/guest')) guestTokenRequests.push(r.url());
    });
    await page.locator('nav[aria-label="Main"] ::-p-text(Upcoming Events)').click();
    await waitForPath(page, '/events');
    await waitInPage(page, 'the session to be dropped', () => localStorage.getItem('userID'), {
      until: (id) => id === null,
      timeout: 10_000,
    });
    const toasts = () => page.$$eval('#notistack-snackbar', (els) => els.map((e) => e.textContent));
    await waitUntil(page, 'the session-expired toast', toasts, (shown) => shown.includes(EXPIRED), 10_000);
    await page.waitForSelector('a[aria-label="Sign in"]');
    await page.waitForSelector('main a[href^="/events/"]'); // the list rendered, as a guest
    // Room for any further (wrong) request or toast: none comes.
    await observeFor(
      500,
      'one guest token request and one expiry toast',
      async () => ({
        guestTokenRequests: guestTokenRequests.length,
        expiredToasts: (await toasts()).filter((t) => t === EXPIRED).length,
      }),
      (seen) => seen.guestTokenRequests <= 1 && seen.expiredToasts === 1,
    );

    expect(await page.evaluate(() => [localStorage.getItem('user_token'), localStorage.getItem('userName')])).toEqual([
      null,
      null,
    ]);
    expect(await readState<string | null>(page, 'auth.userId')).toBeNull();
    const guestAfter = await page.evaluate(() => localStorage.getItem('auth_token'));
    expect(guestAfter).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(guestAfter).not.toBe(guestBefore);
    expect(guestTokenRequests).toHaveLength(1);
    expect(await page.$('[data-testid="app-spinner"]')).toBeNull();
    expect((await toasts()).filter((t) => t === EXPIRED)).toHaveLength(1);
    expect(page.url()).toBe(`${baseUrl()}/events`);
    await context.close();
  },
  60_000,
);
