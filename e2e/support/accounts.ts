import crypto from 'node:crypto';
import type { Browser, BrowserContext } from 'puppeteer';
import { baseUrl } from './browser';
import { codeFor } from './mailbox';
import { fetchCall, purchased, sandboxPurchase } from '../../tests/utils/sandboxPurchase';

/**
 * Accounts and purchases made through the API, as the pages would make them, so a journey starts
 * where it is interesting. The e2e server keeps its real limits (10 sign-in code requests per minute
 * per IP): make one account per file, not one per test.
 */

export type Session = { email: string; token: string; userId: number; name: string };

export async function api<T>(
  path: string,
  init: { body?: object; token?: string; method?: string; headers?: Record<string, string>; base?: string } = {},
): Promise<T> {
  // `base`: a journey's own server (one started with settings of its own), else the shared one.
  const res = await fetch(`${init.base ?? baseUrl()}/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A verified account, made as the sign-in page makes one (register, the mailed code, verifyotp). */
export async function signUpThroughApi(
  prefix: string,
  firstName = 'Ada',
  lastName = 'Access',
  base = baseUrl(),
): Promise<Session> {
  const email = uniqueEmail(prefix);
  await api('/register', { body: { emailId: email, loginSource: 3 }, base });
  const otp = await codeFor(email, base);
  const { data } = await api<{ data: [{ token: string; userId: number }] }>('/verifyotp', {
    body: { emailId: email, otp, NewUser: true, firstName, lastName },
    base,
  });
  return { email, token: data[0].token, userId: data[0].userId, name: `${firstName} ${lastName}` };
}

/** Buys one event with the 100 % coupon FREEPASS, as the cart's 'Purchase Tickets' does. */
export async function buyWithFreepass(s: Session, eventPath: string, base = baseUrl()): Promise<void> {
  const {
    data: [asset],
  } = await api<{ data: [{ id: number }] }>(`/asset/${eventPath}`, { token: s.token, base });
  await api('/cart', { token: s.token, body: { asset_id: asset!.id, user_id: s.userId }, base });
  await api('/order/applyVoucher', { token: s.token, body: { coupon_code: 'FREEPASS', user_id: s.userId }, base });
  const orderId = `ORD-${Date.now()}${Math.floor(Math.random() * 10_000)}`;
  await api('/order/createCartOrder', {
    token: s.token,
    body: { userId: s.userId, paymentMethod: 'vouchers', orderId, amount: 0 },
    base,
  });
}

/**
 * A card purchase of one event (by id or path) with the sandbox's 4242, as the checkout page makes
 * it: the cart, the intent for the server's total, the card's confirmation, the order.
 */
export async function buyWithCard(
  s: Session,
  event: number | string,
  base = baseUrl(),
): Promise<{ eventId: number; orderId: string; cartId: number }> {
  const {
    data: [asset],
  } = await api<{ data: [{ id: number }] }>(`/asset/${event}`, { token: s.token, base });
  const purchase = await sandboxPurchase(fetchCall(base, s.token), { userId: s.userId, eventId: asset!.id });
  const order = purchased(purchase, s.email).order!.json.data as { orderId: string; cartId: number };
  return { eventId: asset!.id, orderId: order.orderId, cartId: order.cartId };
}

/** A browser context whose pages start signed in as `s` (the spec's localStorage keys, set before the app runs). */
export async function signedInContext(browser: Browser, s: Session, base = baseUrl()): Promise<BrowserContext> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/healthz`, { waitUntil: 'networkidle0' });
  await page.evaluate((session) => {
    localStorage.setItem('user_token', session.token);
    localStorage.setItem('userID', String(session.userId));
    localStorage.setItem('userName', session.name);
  }, s);
  await page.close();
  return context;
}

/**
 * A new guest's viewer tag, as the server writes it into the media grants it signs
 * (streams/urlSigner.ts viewerTag): 'g' and the start of the SHA-256 of the guest token's subject.
 */
export async function guestViewerTag(base = baseUrl()): Promise<string> {
  const { data: token } = await api<{ data: string }>('/token/guest', { base });
  const { sub } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };
  return `g${crypto.createHash('sha256').update(sub).digest('base64url').slice(0, 12)}`;
}
