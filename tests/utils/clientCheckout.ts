import type { Cart } from '../../src/shared/contract/cart';
import { apiHost } from '../../src/client/api/apiHost';
import type { OrderSummary } from '../../src/shared/contract/orders';
import { signUpOnTestServer } from './apiUser';
import { CARDS, fetchCall, purchased, sandboxPurchase } from './sandboxPurchase';
import { callApi, eventId } from './clientCart';

/**
 * Signed-in buyers for the checkout and order tests: real accounts on the test server, carts and
 * orders made through its API as the browser would make them, and the browser's session keys.
 */
export type Buyer = { token: string; userId: number; email: string };

let buyers = 0;
export async function newBuyer(label: string): Promise<Buyer> {
  const email = `${label}-${Date.now()}-${(buyers += 1)}@example.com`;
  return { ...(await signUpOnTestServer(email, 'Bea', 'Buyer')), email };
}

/** The browser of a signed-in user (docs/behaviour.md §3 keys), as after a sign-in. */
export function rememberBuyer(buyer: Buyer) {
  localStorage.setItem('user_token', buyer.token);
  localStorage.setItem('userID', String(buyer.userId));
  localStorage.setItem('userName', 'Bea Buyer');
}

/** Puts `events` into the buyer's server cart, and a coupon on it when given. */
export async function fillCart(buyer: Buyer, events: { path: string }[], coupon?: string): Promise<Cart> {
  let cart: Cart | null = null;
  for (const { path } of events) {
    const added = await callApi('/cart', buyer.token, { asset_id: await eventId(path), user_id: buyer.userId });
    if (added.status !== 200) throw new Error(`add ${path}: ${added.status} ${added.message}`);
    cart = added.data;
  }
  if (coupon) {
    const applied = await callApi('/order/applyVoucher', buyer.token, { coupon_code: coupon, user_id: buyer.userId });
    if (applied.status !== 200) throw new Error(`coupon ${coupon}: ${applied.status} ${applied.message}`);
    cart = applied.data;
  }
  if (!cart) throw new Error('no cart');
  return cart;
}

/** The buyer's cart paid with `card` through the sandbox, as the checkout page pays it, up to `until`. */
async function payCart(buyer: Buyer, cart: Cart, card: string, until: 'paid' | 'ordered') {
  const amountCents = Math.round(cart.totals.grandTotal * 100);
  const call = fetchCall(apiHost(), buyer.token);
  return purchased(await sandboxPurchase(call, { userId: buyer.userId, amountCents, card, until }), buyer.email);
}

/** An intent for the buyer's cart, confirmed with `card` through the sandbox: its id (no order yet). */
export async function paidIntent(buyer: Buyer, cart: Cart, card: string = CARDS.visa): Promise<string> {
  return (await payCart(buyer, cart, card, 'paid')).paymentIntentId;
}

/** The buyer's cart paid with `card` through the sandbox and ordered: the order as the shop answered it. */
export async function paidOrder(buyer: Buyer, cart: Cart, card: string = CARDS.visa): Promise<OrderSummary> {
  return (await payCart(buyer, cart, card, 'ordered')).order!.json.data as OrderSummary;
}

/** Buys `events` outright with the FREEPASS voucher (no card): the order the server made. */
export async function voucherOrder(buyer: Buyer, events: { path: string }[]): Promise<OrderSummary> {
  await fillCart(buyer, events, 'FREEPASS');
  const order = await callApi<OrderSummary>('/order/createCartOrder', buyer.token, {
    userId: buyer.userId,
    paymentMethod: 'vouchers',
    orderId: `ORD-${Date.now()}${Math.floor(Math.random() * 10000)}`,
    amount: 0,
    status: 'Active',
    usageType: 'Paid',
    isActive: 1,
  });
  if (order.status !== 200) throw new Error(`voucher order: ${order.status} ${order.message}`);
  return order.data;
}

/** The bodies the page sends to createCartOrder from now on (read from a copy; the real request goes on). */
export function recordOrderBodies(): { bodies: Record<string, unknown>[] } {
  const realFetch = globalThis.fetch;
  const bodies: Record<string, unknown>[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (input instanceof Request && input.url.endsWith('/v1/order/createCartOrder'))
      bodies.push((await input.clone().json()) as Record<string, unknown>);
    return realFetch(input, init);
  });
  return { bodies };
}
