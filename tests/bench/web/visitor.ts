import type { Page } from 'puppeteer';
import { waitUntil } from '../../../e2e/support/waitUntil';
import { latestCodeIn } from '../../utils/mailbox';
import { CART_EVENTS, type BenchRoute } from './routes';

/**
 * Puts a fresh browser context into the state a route is measured from, as a visitor gets there:
 * the guest adds events with the event page's own button; the signed-in visitor holds the token
 * the sign-in code gave (the spec's localStorage keys, as e2e/support/accounts.ts sets them).
 */
export type Site = { baseUrl: string; codeFor: (email: string) => Promise<string> };
export type Account = { email: string; token: string; userId: number; name: string; cartTitle: string };

type Envelope<T> = { success: boolean; message: string; data: T };

async function api<T>(site: Site, path: string, init: { body?: object; token?: string } = {}): Promise<T> {
  const res = await fetch(`${site.baseUrl}/v1${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as Envelope<T>).data;
}

export const assetOf = async (site: Site, eventPath: string) =>
  (await api<[{ id: number; title: string }]>(site, `/asset/${eventPath}`))[0];

/** The sign-in code from the development outbox, for a server the bench did not start (BENCH_URL). */
export const outboxCodes =
  (baseUrl: string) =>
  async (email: string): Promise<string> => {
    for (let i = 0; i < 50; i += 1) {
      const res = await fetch(`${baseUrl}/dev/mailbox.json`);
      if (!res.ok)
        throw new Error(
          `${baseUrl}/dev/mailbox.json answered ${res.status}: the signed-in routes need the development outbox (no SMTP_URL)`,
        );
      const code = latestCodeIn(await res.json(), email);
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no sign-in code for ${email} in ${baseUrl}/dev/mailbox.json`);
  };

/** One verified account for every signed-in run (one code request), with one event in its cart. */
export async function signUpWithCart(site: Site): Promise<Account> {
  const email = `bench-web-${Date.now()}@example.com`;
  await api(site, '/register', { body: { emailId: email, loginSource: 3 } });
  const otp = await site.codeFor(email);
  const [{ token, userId }] = await api<[{ token: string; userId: number }]>(site, '/verifyotp', {
    body: { emailId: email, otp, NewUser: true, firstName: 'Bench', lastName: 'Visitor' },
  });
  const asset = await assetOf(site, CART_EVENTS[0]!);
  await api(site, '/cart', { token, body: { asset_id: asset.id, user_id: userId } });
  return { email, token, userId, name: 'Bench Visitor', cartTitle: asset.title };
}

const seen = (page: Page) =>
  page.evaluate(() => ({
    path: location.pathname,
    cartItems: document.querySelectorAll('[data-testid="cart-item"]').length,
    text: document.body?.innerText.replace(/\s+/g, ' ').slice(0, 2000) ?? '',
  }));

async function addToCartAsGuest(page: Page, site: Site, eventPath: string, expected: number) {
  await page.goto(`${site.baseUrl}/events/${eventPath}`, { waitUntil: 'networkidle0' });
  await page.locator('::-p-aria([name="Add to cart"][role="button"])').click();
  await waitUntil(
    page,
    `the cart page with ${expected} event(s)`,
    seen,
    (s) => s.path === '/cart' && s.cartItems === expected,
    15_000,
  );
}

/**
 * Prepares `page` (fresh context) for `route`, then opens the route once to check that it shows
 * what is measured (not a redirect or an empty cart). Lighthouse's storage reset afterwards clears
 * the HTTP cache, the service worker and Cache Storage, and keeps localStorage: a cold load of the
 * screen for a visitor in that state.
 */
export async function prepareVisitor(
  page: Page,
  route: BenchRoute,
  site: Site,
  account: Account | null,
): Promise<void> {
  await page.bringToFront(); // a background tab gets no animation frames: clicks would never finish
  if (route.state === 'first visit') return;
  if (route.state === 'guest with two events in the cart') {
    await page.goto(`${site.baseUrl}/`, { waitUntil: 'networkidle0' });
    for (const [i, eventPath] of CART_EVENTS.entries()) await addToCartAsGuest(page, site, eventPath, i + 1);
  } else {
    if (!account) throw new Error(`${route.path} needs the signed-in account`);
    await page.goto(`${site.baseUrl}/healthz`, { waitUntil: 'networkidle0' });
    await page.evaluate((a) => {
      localStorage.setItem('user_token', a.token);
      localStorage.setItem('userID', String(a.userId));
      localStorage.setItem('userName', a.name);
    }, account);
  }
  await page.goto(`${site.baseUrl}${route.path}`, { waitUntil: 'networkidle0' });
  const expected: Record<string, (s: Awaited<ReturnType<typeof seen>>) => boolean> = {
    '/cart': (s) => s.cartItems === CART_EVENTS.length,
    '/checkout': (s) => s.text.includes(account?.cartTitle ?? '?'),
    '/profile': (s) => s.text.includes(account?.email ?? '?'),
  };
  await waitUntil(
    page,
    `${route.path} as a visitor ${route.state}`,
    seen,
    (s) => s.path === route.path && (expected[route.path]?.(s) ?? true),
    15_000,
  );
}
