import { deriveKeys } from '../../src/server/modules/auth/keys';
import { signStripePayload } from '../../src/server/modules/payments/webhookSignature';
import type { Who } from './cart';
import { sandboxCardBody } from './sandboxPurchase';
import type { FuzzWorld } from './fuzzWorld';
import { TEST_JWT_SECRET } from './testConfig';

/** What the schema gave for one request: each part as generated (valid for its schema), and a number to choose by. */
export type Generated = {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  pick: number;
};

/**
 * What turns a schema-valid request into one the route can answer with a 2xx: the caller it needs,
 * values that exist (an event, the caller's own cart, an open session) laid over the generated
 * parts (`undefined` removes a field), and headers. `body` replaces the generated body when
 * `replaceBody` is set.
 */
export type Realized = {
  as: Who;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  replaceBody?: boolean;
  headers?: Record<string, string>;
  /** Headers made from the body as sent (a signature over its bytes). */
  signed?: (payload: string) => Record<string, string>;
  remoteAddress?: string;
};
type Realize = (w: FuzzWorld, g: Generated) => Promise<Realized> | Realized;

const of = <T>(list: readonly T[], pick: number) => list[pick % list.length]!;
const shopper = (w: FuzzWorld, g: Generated) => of(w.shoppers, g.pick);
/** A guest or a shopper, each naming their cart in one of the ways the cart routes take. */
function cartCaller(w: FuzzWorld, g: Generated): Pick<Realized, 'as' | 'query' | 'body'> {
  const named = g.pick % 3;
  if (g.pick % 2 === 0) {
    const as = shopper(w, g);
    const whose = named === 0 ? { user_id: as.userId } : { user_id: undefined };
    return { as, query: { ...whose, cart_token: undefined }, body: { ...whose, cart_token: undefined } };
  }
  const as = of(w.guests, g.pick >> 1);
  const whose = { cart_token: named === 0 ? w.guestCartToken(as) : undefined, user_id: undefined };
  return { as, query: whose, body: whose };
}
const anyone = (w: FuzzWorld, g: Generated): Who => of([...w.shoppers, ...w.guests, { label: 'no token' }], g.pick);
const organizer = (w: FuzzWorld): Realized => ({ as: w.organizer });
const event = (w: FuzzWorld, g: Generated) =>
  of([w.ids.fuzzShow, w.ids['cart-a']!, w.ids['cart-b']!, ...w.pool], g.pick);
const webhookSecret = deriveKeys(TEST_JWT_SECRET).sandboxWebhook;

/**
 * Every fuzzed route that can answer 2xx, and how a request to it is made valid enough. A route in
 * neither this table nor CANNOT_REACH_2XX fails the fuzzer, so a new route is placed in one.
 */
export const VALID: Record<string, Realize> = {
  'GET /v1/token/guest': (w, g) => ({ as: anyone(w, g) }),
  'POST /v1/checkuser': (w, g) => ({
    as: anyone(w, g),
    body: { emailId: w.email('check'), loginSource: 3 },
    replaceBody: true,
  }),
  'POST /v1/login': async (w) => {
    const account = await w.signUp('login');
    return { as: { label: 'no token' }, body: { emailId: account.email, loginSource: 3 }, replaceBody: true };
  },
  'POST /v1/register': (w, g) => ({
    as: anyone(w, g),
    body: { emailId: w.email('register'), loginSource: 3, provider: undefined, accessToken: undefined },
  }),
  'POST /v1/verifyotp': async (w) => {
    const code = await w.mailedCode();
    // A new account takes a name: the generated one may be blank.
    return { as: { label: 'no token' }, body: { ...code, NewUser: true, firstName: 'Fuzz', lastName: 'Tester' } };
  },
  // A new account each time: a logout ends every session the account had.
  'POST /v1/logout': async (w) => ({ as: await w.signUp('logout') }),
  'GET /v1/profile/:userId': (w, g) => ({ as: shopper(w, g), params: { userId: shopper(w, g).userId } }),
  'POST /v1/profile/update': (w, g) => ({ as: shopper(w, g), body: { userId: shopper(w, g).userId } }),
  'GET /v1/cart': (w, g) => {
    const { as, query } = cartCaller(w, g);
    return { as, ...(query ? { query } : {}) };
  },
  'GET /v1/cart/:id': (w, g) => ({ as: shopper(w, g), params: { id: w.orderOf(shopper(w, g)).cartId } }),
  'POST /v1/cart': (w, g) => {
    const { as, body } = cartCaller(w, g);
    return { as, body: { ...body, asset_id: of(w.pool, g.pick >> 2) } };
  },
  'POST /v1/cart/remove': (w, g) => {
    const { as, body } = cartCaller(w, g);
    return { as, body: { ...body, asset_id: of(w.pool, g.pick >> 2) } };
  },
  // An unknown guest cart merges nothing (the token is the proof: 256 random bits), still a 200.
  'POST /v1/cart/merge': (w, g) => ({ as: shopper(w, g), body: { user_id: shopper(w, g).userId } }),
  'POST /v1/order/applyVoucher': async (w, g) => {
    const { as, body } = cartCaller(w, g);
    await w.fillCart(as, g.pick);
    return { as, body: { ...body, coupon_code: of(['PCT25', 'FIX5'], g.pick) } };
  },
  'POST /v1/order/removeVoucher': (w, g) => cartCaller(w, g) as Realized,
  'POST /v1/order/createPaymentIntent': async (w, g) => {
    const as = w.nextBuyer();
    const cart = await w.fillCart(as, g.pick);
    return { as, body: { userId: as.userId, amount: Math.round(cart.totals.grandTotal * 100) } };
  },
  'POST /v1/order/createCartOrder': async (w, g) => {
    const as = w.nextBuyer();
    await w.fillCart(as, g.pick);
    await w.send(as, { method: 'POST', url: '/v1/order/applyVoucher', payload: { coupon_code: 'FIX100' } });
    return { as, body: { userId: as.userId, paymentMethod: 'vouchers', amount: 0, paymentIntentId: undefined } };
  },
  'GET /v1/order': (w, g) => ({
    as: shopper(w, g),
    query: { filter: { userId: shopper(w, g).userId, ...(g.pick % 2 ? { assetId: w.ids.fuzzShow } : {}) } },
  }),
  'GET /v1/order/history': (w, g) => ({ as: shopper(w, g), query: { userId: shopper(w, g).userId } }),
  'GET /v1/order/:cartId/manage': (w, g) => ({
    as: shopper(w, g),
    params: { cartId: w.orderOf(shopper(w, g)).cartId },
  }),
  'GET /v1/order/:cartId/receipt': (w, g) => ({
    as: shopper(w, g),
    params: { cartId: w.orderOf(shopper(w, g)).cartId },
  }),
  'POST /v1/order/:cartId/cancel': async (w, g) => {
    const as = w.nextBuyer();
    return { as, params: { cartId: (await w.freshOrder(as, g.pick)).cartId } };
  },
  'POST /v1/order/:cartId/tickets/:eventId/transfer': async (w, g) => {
    const as = w.nextBuyer();
    const { cartId, eventId } = await w.freshOrder(as, g.pick);
    return { as, params: { cartId, eventId }, body: { email: w.email('friend') } };
  },

  'GET /v1/studio/me': organizer,
  'GET /v1/studio/audit': organizer,
  'GET /v1/studio/events': organizer,
  'GET /v1/studio/events/:id': (w, g) => ({ as: w.organizer, params: { id: event(w, g) } }),
  'POST /v1/studio/events': (w) => ({ as: w.organizer, body: STUDIO_EVENT_FIXES }),
  'PUT /v1/studio/events/:id': async (w) => {
    const id = await w.draft();
    return { as: w.organizer, params: { id }, body: { ...STUDIO_EVENT_FIXES, version: 1 } };
  },
  'POST /v1/studio/events/:id/publish': async (w) => ({ as: w.organizer, params: { id: await w.draft() } }),
  'POST /v1/studio/events/:id/unpublish': async (w) => ({ as: w.organizer, params: { id: await w.draft() } }),
  'POST /v1/studio/events/:id/duplicate': (w, g) => ({ as: w.organizer, params: { id: event(w, g) } }),
  'DELETE /v1/studio/events/:id': async (w) => ({ as: w.organizer, params: { id: await w.draft() } }),
  'GET /v1/studio/categories': organizer,
  'GET /v1/studio/subscriptions': organizer,
  'GET /v1/studio/coupons': organizer,
  'POST /v1/studio/coupons': (w, g) => ({
    as: w.organizer,
    body: {
      code: `FZ${g.pick}${Math.random().toString(36).slice(2, 8)}`,
      ...(g.pick % 2
        ? { kind: 'percent', percentOff: 10, amountOff: null }
        : { kind: 'fixed', amountOff: 2, percentOff: null }),
      startsAt: null,
      expiresAt: null,
      eventIds: [],
    },
  }),
  'GET /v1/studio/coupons/:code': (w, g) => ({
    as: w.organizer,
    params: { code: of(['PCT25', 'FIX5', 'TWICE'], g.pick) },
  }),
  'POST /v1/studio/coupons/:code/disable': (w, g) => ({
    as: w.organizer,
    params: { code: of(['LATER', 'GONE'], g.pick) },
  }),
  'GET /v1/studio/events/:id/live': (w) => ({ as: w.organizer, params: { id: w.ids.fuzzLive } }),
  'POST /v1/studio/events/:id/live/keys': (w) => ({ as: w.organizer, params: { id: w.ids.fuzzLive } }),
  'POST /v1/studio/events/:id/live/start': (w) => ({ as: w.organizer, params: { id: w.ids.fuzzLive } }),
  'POST /v1/studio/events/:id/live/end': async (w) => ({ as: w.organizer, params: { id: await w.liveShow() } }),
  'POST /v1/studio/events/:id/live/message': (w) => ({ as: w.organizer, params: { id: w.ids.fuzzLive } }),
  'GET /v1/studio/sales': (w, g) => ({ as: w.organizer, query: { eventId: g.pick % 2 ? event(w, g) : undefined } }),
  'GET /v1/studio/orders': (w, g) => ({
    as: w.organizer,
    query: { eventId: g.pick % 2 ? event(w, g) : undefined, search: undefined },
  }),
  'GET /v1/studio/orders/:id': (w, g) => ({ as: w.organizer, params: { id: w.orderOf(shopper(w, g)).orderId } }),
  'POST /v1/studio/orders/:id/refund': async (w, g) => ({
    as: w.organizer,
    params: { id: (await w.freshOrder(w.nextBuyer(), g.pick)).orderId },
  }),
  'GET /v1/studio/events/:id/attendees.csv': (w, g) => ({ as: w.organizer, params: { id: event(w, g) } }),
  'GET /v1/studio/events/:id/guarantees': (w, g) => ({ as: w.organizer, params: { id: event(w, g) } }),

  'GET /v1/waitlist/:eventId': (w, g) => ({ as: shopper(w, g), params: { eventId: w.ids['cart-few'] } }),
  // 'cart-few' is sold out and the third shopper holds no ticket for it: a place after leaving the list.
  'POST /v1/waitlist/:eventId': async (w) => {
    const as = w.shoppers[2]!;
    await w.send(as, { method: 'DELETE', url: `/v1/waitlist/${w.ids['cart-few']}` });
    return { as, params: { eventId: w.ids['cart-few'] } };
  },
  'DELETE /v1/waitlist/:eventId': (w, g) => ({ as: shopper(w, g), params: { eventId: w.ids['cart-few'] } }),

  'POST /v1/viewing-sessions': async (w, g) => {
    const as = shopper(w, g);
    // The ticket's devices may all be in use: this device's last session is closed first.
    const last = await w.openSession(as);
    await w.send(as, { method: 'DELETE', url: `/v1/viewing-sessions/${last.id}`, headers: w.sessionHeader(last.key) });
    return { as, body: { eventId: 'fuzz-show' } };
  },
  'GET /v1/viewing-entitlements': (w, g) => ({ as: shopper(w, g) }),
  'POST /v1/viewing-sessions/takeover': (w, g) => ({ as: shopper(w, g), body: { eventId: 'fuzz-show' } }),
  'POST /v1/viewing-sessions/:sessionId/heartbeat': async (w, g) => {
    const as = shopper(w, g);
    const s = await w.openSession(as);
    return { as, params: { sessionId: s.id }, headers: w.sessionHeader(s.key) };
  },
  'DELETE /v1/viewing-sessions/:sessionId': async (w, g) => {
    const as = shopper(w, g);
    const s = await w.openSession(as);
    return { as, params: { sessionId: s.id }, headers: w.sessionHeader(s.key) };
  },
  'POST /v1/viewing-sessions/:sessionId/quality': async (w, g) => {
    const s = await w.openSession(shopper(w, g));
    return { as: anyone(w, g), params: { sessionId: s.id }, body: { sessionKey: s.key, seq: 1 } };
  },
  'GET /v1/admin/asset/streamconfig/:id': async (w, g) => {
    const as = shopper(w, g);
    const s = await w.openSession(as);
    return { as, params: { id: 'fuzz-show' }, query: { session: s.id }, headers: w.sessionHeader(s.key) };
  },

  // A payment event for an intent this server never made: signed, so it is read and ignored (200).
  'POST /v1/payments/webhook': (w, g) => ({
    as: anyone(w, g),
    body: {
      id: `evt_fuzz_${g.pick}_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type: of(['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded'], g.pick),
      data: {
        object: { object: 'payment_intent', id: `pi_fuzz_${g.pick}`, amount: 100, status: 'succeeded', metadata: {} },
      },
    },
    replaceBody: true,
    headers: { 'content-type': 'application/json' },
    signed: (payload) => ({ 'stripe-signature': signStripePayload(payload, webhookSecret, Date.now()) }),
  }),
  'POST /v1/payments/sandbox/confirm': async (w, g) => {
    const as = w.nextBuyer();
    const intent = await w.intent(as, g.pick);
    return {
      as,
      body: sandboxCardBody(intent.secret),
    };
  },
  // The page answers for any intent (an unknown one says so): 200.
  'GET /payments/sandbox/authenticate/:intentId': (w, g) => ({ as: anyone(w, g) }),

  'GET /misc/data': (w, g) => ({ as: anyone(w, g), query: { filter: { key: ['demoUse'] } } }),
  'GET /v1/public/config': (w, g) => ({ as: anyone(w, g) }),
  'POST /v1/public/newsletter': (w, g) => ({ as: anyone(w, g), body: { email: w.email('news') } }),
  'GET /v1/carousel': (w, g) => ({ as: anyone(w, g), query: { filter: undefined } }),
  // A page by its id; later pages are read with a cursor an earlier answer gave, so this is the first.
  'GET /v1/pagecategory': (w, g) => ({
    as: anyone(w, g),
    query: { filter: { path: of([1, 2, 3, 4], g.pick) }, start: undefined, cursor: undefined },
  }),
  'GET /v1/pagecategory/listing': (w, g) => ({
    as: anyone(w, g),
    query: { filter: { path: of(CATEGORIES, g.pick) }, start: undefined, cursor: undefined },
  }),
  'GET /v1/pagecategory/:categoryId/events': (w, g) => ({
    as: anyone(w, g),
    params: { categoryId: of(CATEGORIES, g.pick) },
  }),
  'GET /v1/asset/:id': (w, g) => ({
    as: anyone(w, g),
    params: { id: of(['fuzz-show', 'cart-a', String(w.ids['cart-b'])], g.pick) },
  }),
  'GET /v1/subscription/:id': (w, g) => ({ as: anyone(w, g), params: { id: of([1, 2], g.pick) } }),
  'GET /v1/agreement/:id': (w, g) => ({ as: anyone(w, g), params: { id: 3 } }),
  'GET /v1/footerlink/:id': (w, g) => ({ as: anyone(w, g), params: { id: 1 } }),
  'GET /v1/events/:id/calendar.ics': (w, g) => ({ as: anyone(w, g), params: { id: w.ids['cart-a'] } }),
  'GET /v1/live/:id': (w, g) => ({ as: anyone(w, g), params: { id: 'fuzz-live' } }),
  'GET /v1/live': (w, g) => ({ as: anyone(w, g) }),
  'GET /healthz': (w, g) => ({ as: anyone(w, g) }),
  'GET /readyz': (w, g) => ({ as: anyone(w, g) }),
};

/**
 * The routes whose valid request first makes what it acts on (an account, an order, a draft, a live
 * show, a viewing session, a payment intent): each costs several requests, so they are sent a
 * quarter as many (the answers are as varied: the spoiled ones still come from the schema).
 */
export const COSTLY = new Set([
  'POST /v1/login',
  'POST /v1/verifyotp',
  'POST /v1/logout',
  'POST /v1/order/applyVoucher',
  'POST /v1/order/createPaymentIntent',
  'POST /v1/order/createCartOrder',
  'POST /v1/order/:cartId/cancel',
  'POST /v1/order/:cartId/tickets/:eventId/transfer',
  'POST /v1/studio/events',
  'PUT /v1/studio/events/:id',
  'POST /v1/studio/events/:id/publish',
  'POST /v1/studio/events/:id/unpublish',
  'POST /v1/studio/events/:id/duplicate',
  'DELETE /v1/studio/events/:id',
  'POST /v1/studio/events/:id/live/keys',
  'POST /v1/studio/events/:id/live/end',
  'POST /v1/studio/orders/:id/refund',
  'POST /v1/waitlist/:eventId',
  'POST /v1/viewing-sessions',
  'POST /v1/viewing-sessions/takeover',
  'POST /v1/viewing-sessions/:sessionId/heartbeat',
  'DELETE /v1/viewing-sessions/:sessionId',
  'POST /v1/viewing-sessions/:sessionId/quality',
  'GET /v1/admin/asset/streamconfig/:id',
  'POST /v1/payments/sandbox/confirm',
]);

/** The seeded categories (the demo's navigation), by path. */
const CATEGORIES = ['the-experience', 'upcoming-events', 'coming-up-live', 'on-demand'];

/** A console event's fields with rules beyond their schema (ids that must exist, fields that go together). */
const STUDIO_EVENT_FIXES = {
  venueTimeZone: 'America/New_York',
  contentType: 'VOD',
  airDate: null,
  isPremium: false,
  price: null,
  capacity: null,
  subscriptionId: null,
  categories: [],
  posterPath: '',
  slide: { enabled: false, description: '', imagePath: '' },
  afterPurchase: undefined,
};

/**
 * The fuzzed routes no request can bring to a 2xx, each with why. Their answers are still held to
 * the document, and every refusal to a sentence.
 */
export const CANNOT_REACH_2XX: Record<string, string> = {
  'POST /v1/studio/images':
    "takes a picture's bytes, not JSON: the fuzzer's bodies are never pictures (tests/server/modules/eventAdmin/images.test.ts)",
  'GET /v1/studio/events/:id/live/preview/:angle':
    'answers only while an encoder publishes the angle, which needs the live ingest (tests/server/modules/live/liveControlMedia.test.ts)',
  'GET /v1/make-good/:token':
    "a make-good link's token is minted only by the guarantee's judge for a failed viewing (tests/server/modules/guarantee/guarantee.test.ts)",
  'POST /v1/make-good/:token': 'the same token as its GET',
  'POST /payments/sandbox/authenticate/:intentId':
    "the page's form answers with a redirect back to return_url (303), never a 2xx",
};
