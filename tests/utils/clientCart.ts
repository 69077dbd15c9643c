import { apiHost } from '../../src/client/api/apiHost';
import type { Cart } from '../../src/shared/contract/cart';
import { signTestToken } from './signToken';

/**
 * Carts made straight through the test server's API, as another browser (or this one, earlier)
 * would have made them, so a test starts from a real server cart.
 */

let guests = 0;
/** A guest token of a guest nobody else is (the server keys guest carts by its subject). */
export const newGuestToken = (label: string) =>
  signTestToken({ kind: 'guest', sub: `${label}-${Date.now()}-${(guests += 1)}` });

type Answer<T> = { status: number; message: string; data: T };

/** One call to the test server's /v1 API with a bearer token. */
export async function callApi<T = Cart>(path: string, token: string, body?: object): Promise<Answer<T>> {
  const res = await fetch(`${apiHost()}/v1${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { message: string; data: T };
  return { status: res.status, message: json.message, data: json.data };
}

const ids = new Map<string, number>();
/** The id of a demo event (src/server/db/seed/demoEvents.ts) by its path. */
export async function eventId(path: string): Promise<number> {
  const known = ids.get(path);
  if (known) return known;
  const res = await fetch(`${apiHost()}/v1/asset/${path}`);
  const body = (await res.json()) as { data: { id: number }[] | null; message: string };
  if (!body.data?.[0]) throw new Error(`asset ${path}: ${res.status} ${body.message}`);
  const id = body.data[0].id;
  ids.set(path, id);
  return id;
}

/** Demo events with a price (premium) and their titles, venues and prices. */
export const PREMIUM = {
  velvet: { path: 'velvet-static-unplugged', title: 'The Velvet Static — Unplugged', venue: 'Cedar Room', price: 9.99 },
  planets: {
    path: 'ironwood-symphony-the-planets',
    title: 'Ironwood Symphony: The Planets',
    venue: 'Harborview Hall',
    price: 12,
  },
  canyon: {
    path: 'glass-canyon-desert-echoes',
    title: 'Glass Canyon: Desert Echoes',
    venue: 'Saguaro Amphitheater',
    price: 11.5,
  },
} as const;
export const FREE_EVENT = 'marisol-vega-quartet';

/** A new guest with a server cart holding `events` (in that order): its guest token and cart token. */
export async function guestWithCart(
  label: string,
  events: { path: string }[],
): Promise<{ guestToken: string; cartToken: string; cart: Cart }> {
  const guestToken = newGuestToken(label);
  let cart: Cart | null = null;
  for (const { path } of events) {
    const body: object = { asset_id: await eventId(path), ...(cart?.cartToken ? { cart_token: cart.cartToken } : {}) };
    const answer: { status: number; message: string; data: Cart } = await callApi('/cart', guestToken, body);
    if (answer.status !== 200) throw new Error(`add ${path}: ${answer.status} ${answer.message}`);
    cart = answer.data;
  }
  if (!cart?.cartToken) throw new Error('no guest cart was made');
  return { guestToken, cartToken: cart.cartToken, cart };
}

/** Stores what the browser keeps of a guest with a cart, as a returning visitor's localStorage. */
export function rememberGuest({ guestToken, cartToken }: { guestToken: string; cartToken?: string }) {
  localStorage.setItem('auth_token', guestToken);
  if (cartToken) localStorage.setItem('guest_cart_token', cartToken);
}

/** Requests made through a jest spy on fetch, as 'METHOD /v1/path?query'. */
export function apiCalls(spy: jest.SpyInstance): string[] {
  return spy.mock.calls.map(([input, init]) => {
    const req = input instanceof Request ? input : null;
    const url = new URL(req ? req.url : String(input));
    const method = req?.method ?? (init as RequestInit | undefined)?.method ?? 'GET';
    return `${method} ${url.pathname}${url.search}`;
  });
}
