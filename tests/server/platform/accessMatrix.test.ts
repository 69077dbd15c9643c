import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { demoStreams } from '../../../src/server/db/seed/demoStreams';
import { deriveKeys } from '../../../src/server/modules/auth/keys';
import { importCatalog } from '../../../src/server/modules/catalog/importer';
import { VIEWING_SESSION_KEY_HEADER } from '../../../src/shared/contract/streams';
import { cartTestApp, type Who } from '../../utils/cart';
import { checkoutDriver } from '../../utils/checkout';
import { listRoutes } from '../../utils/routes';
import { TEST_JWT_SECRET } from '../../utils/testConfig';
import { b64 } from '../../utils/tokens';

/**
 * The access matrix: every endpoint that reads or changes something a person owns, called by every
 * kind of caller, each with the status it must get. The owner's things are a signed-in user's
 * (profile, carts, orders, payment intents, viewing sessions, a ticket's stream config) and, for the
 * guest-cart rows, a guest's cart. Forged tokens carry the owner's own claims. The table is printed;
 * a 200 for anyone but the owner is a leak, and an answer to another caller must not carry the
 * owner's data. Every route the app has must be in this table or in the list of routes that touch
 * nothing owned, so a new owned route fails here until it is added.
 */
const CALLERS = [
  'owner',
  'another user',
  'guest',
  'another guest',
  'no token',
  'alg none',
  'expired',
  'wrong audience',
  'wrong key',
] as const;
type CallerName = (typeof CALLERS)[number];
type Call = { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> };
/** Expected status per caller; `owner` is the owner of the row's thing (the guest, for guest-cart rows). */
type Row = {
  route: string;
  call: () => Call;
  expect: Partial<Record<CallerName, number>> & { owner: number };
  ownedBy?: 'user' | 'guest';
  /** Keeps what the owner's answer gave (a new payment intent) for the rows after it. */
  kept?: (res: LightMyRequestResponse) => void;
};

/**
 * Routes that touch nothing anyone owns: the catalog, sign-in, health, static files, the webhook, a
 * live show's public state, and the live ingest's internal routes (no token of a person opens them:
 * only the ingest token from loopback, tests/server/live/ingestCallbacks.test.ts). Signed media
 * (/media/signed/*) take no token either: a URL signed for one viewer, event and folder opens them
 * (tests/server/streams/protectedMedia.test.ts, urlSigner.test.ts).
 */
const NOTHING_OWNED = [
  /^\/v1\/(carousel|pagecategory|asset|subscription|agreement|footerlink)\b/,
  /^\/v1\/live\/:id$/,
  // An event's calendar file: public, the same for everyone (tests/server/calendar/calendar.test.ts).
  /^\/v1\/events\/:id\/calendar\.ics$/,
  /^\/internal\/(ingest\/publish|ingest\/publish-done|live\/keys|live\/end|live\/on-air)$/,
  /^\/internal\/organizers\/(grant|revoke)$/,
  // The console's routes: only organizers, every route against every caller (tests/server/studio/studioRoles.test.ts).
  /^\/v1\/studio\//,
  /^\/v1\/(checkuser|login|register|verifyotp|logout|token\/guest)$/,
  /^(\/v1)?\/misc\/data$/,
  /^\/v1\/public\//,
  /^(\/v1)?\/payments\/(webhook|sandbox\/authenticate)/,
  /^\/(healthz|readyz|metrics)$/,
  /^\/dev\/(mailbox|api|guarantee)/,
  // The guaranteed view's make-good link: the token in the address proves the ticket, no caller's token is
  // read; a link that is not one answers 404 to everyone (tests/server/guarantee/guarantee.test.ts).
  /^\/v1\/make-good\/:token$/,
  /^\/openapi\.json$/,
  /^\/media\/(signed\/)?\*$/,
  // Uploaded posters and slides: public pictures, named by their content (tests/server/studio/images.test.ts).
  /^\/media\/uploads\/:name$/,
  /^\/$/,
  /^\/\*$/,
  /^\/assets\//,
  /^\/(sw\.js|manifest\.webmanifest|robots\.txt|sitemap\.xml|favicon)/,
];

let x: Awaited<ReturnType<typeof cartTestApp>>;
const callers = {} as Record<CallerName, Who>;
let guestCartToken: string;
let orderedCartId: number;
let showId: number;
let intent: { id: string; secret: string };
let session: { id: string; key: string };
const seen: { route: string; got: Record<string, number> }[] = [];

const signingKey = deriveKeys(TEST_JWT_SECRET).tokenSigning;
const sign = (header: object, claims: object, key: crypto.KeyObject | Buffer = signingKey) => {
  const head = `${b64(header)}.${b64(claims)}`;
  return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`;
};

beforeAll(async () => {
  x = await cartTestApp();
  await importCatalog(x.t.database.db, {
    events: [{ path: 'matrix-show', title: 'Matrix Show', isPremium: true, price: 10, streams: demoStreams }],
  });
  const show = (
    await x.t.database.db.selectFrom('events').select('id').where('path', '=', 'matrix-show').executeTakeFirstOrThrow()
  ).id;
  showId = show;
  const c = checkoutDriver(x.t.app, TEST_JWT_SECRET);
  const owner = await x.d.user('owner');
  callers.owner = owner;
  callers['another user'] = await x.d.user('another');
  callers.guest = await x.d.guest('guest');
  callers['another guest'] = await x.d.guest('another guest');
  callers['no token'] = { label: 'no token' };

  // The owner's ticket and ordered cart (a voucher purchase), then a new cart and a card payment in progress.
  for (const id of [x.ids['cart-a']!, show]) expect((await x.d.add(owner, { asset_id: id })).statusCode).toBe(200);
  expect((await x.d.apply(owner, { coupon_code: 'FIX100' })).statusCode).toBe(200);
  const voucher = await c.order(owner, { paymentMethod: 'vouchers', amount: 0 });
  expect(voucher.statusCode).toBe(200);
  orderedCartId = voucher.json().data.cartId;
  expect((await x.d.add(owner, { asset_id: x.ids['cart-b']! })).statusCode).toBe(200);
  const created = await c.intent(owner, await c.totalCents(owner));
  intent = { id: created.json().data.paymentIntentId, secret: created.json().data.client_secret };
  const opened = await x.t.app.inject({
    method: 'POST',
    url: '/v1/viewing-sessions',
    headers: { authorization: owner.authorization! },
    payload: { eventId: 'matrix-show' },
  });
  expect(opened.statusCode).toBe(201);
  session = { id: opened.json().data.sessionId, key: opened.json().data.sessionKey };
  // The guest's cart, known by its token.
  const guestCart = await x.d.add(callers.guest, { asset_id: x.ids['cart-c']! });
  guestCartToken = guestCart.json().data.cartToken;

  // Forged tokens, each carrying the owner's own claims.
  const claims = JSON.parse(Buffer.from(owner.authorization!.split(' ')[1]!.split('.')[1]!, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  const forged = (label: CallerName, token: string): Who => ({ label, authorization: `Bearer ${token}` });
  callers['alg none'] = forged('alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`);
  callers.expired = forged(
    'expired',
    sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, iat: now - 7200, exp: now - 60 }),
  );
  callers['wrong audience'] = forged(
    'wrong audience',
    sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, aud: 'allaccess-storefront/media' }),
  );
  callers['wrong key'] = forged('wrong key', sign({ alg: 'HS256', typ: 'JWT' }, claims, crypto.randomBytes(32)));
});
afterAll(async () => {
  // One table for the whole matrix: endpoint × caller → the status each got.
  const width = Math.max(...seen.map((s) => s.route.length));
  const lines = [`${'endpoint'.padEnd(width)}  ${CALLERS.map((c) => c.padStart(Math.max(c.length, 3))).join('  ')}`];
  for (const s of seen)
    lines.push(
      `${s.route.padEnd(width)}  ${CALLERS.map((c) => String(s.got[c] ?? '-').padStart(Math.max(c.length, 3))).join('  ')}`,
    );
  console.log(`The access matrix (status each caller got; every one as expected):\n${lines.join('\n')}`);
  await x?.t.close();
});

const json = (body: object) => ({ 'content-type': 'application/json', payload: body });
const userId = () => callers.owner.userId!;
/** Who is refused how: a user's thing refuses other users (403), guests (403) and bad or missing tokens (401). */
const usersThing = (owner: number, others = 403, guests = 403) => ({
  owner,
  'another user': others,
  guest: guests,
  'another guest': guests,
});
const ROWS: Row[] = [
  {
    route: 'GET /v1/profile/{userId}',
    call: () => ({ method: 'GET', url: `/v1/profile/${userId()}` }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/profile/update',
    call: () => ({
      method: 'POST',
      url: '/v1/profile/update',
      ...json({ userId: userId(), firstName: 'Owner', lastName: 'Person' }),
    }),
    expect: usersThing(200),
  },
  {
    route: 'GET /v1/cart?user_id=',
    call: () => ({ method: 'GET', url: `/v1/cart?user_id=${userId()}` }),
    expect: usersThing(200),
  },
  // The caller's own cart: each caller gets theirs (200), never the owner's.
  { route: 'GET /v1/cart (own)', call: () => ({ method: 'GET', url: '/v1/cart' }), expect: usersThing(200, 200, 200) },
  {
    route: 'POST /v1/cart?user_id= (add)',
    call: () => ({ method: 'POST', url: '/v1/cart', ...json({ asset_id: x.ids['cart-c'], user_id: userId() }) }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/cart/remove',
    call: () => ({ method: 'POST', url: '/v1/cart/remove', ...json({ asset_id: x.ids['cart-c'], user_id: userId() }) }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/order/applyVoucher',
    call: () => ({
      method: 'POST',
      url: '/v1/order/applyVoucher',
      ...json({ coupon_code: 'PCT25', user_id: userId() }),
    }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/order/removeVoucher',
    call: () => ({ method: 'POST', url: '/v1/order/removeVoucher', ...json({ user_id: userId() }) }),
    expect: usersThing(200),
  },
  {
    route: 'GET /v1/cart?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({ method: 'GET', url: `/v1/cart?cart_token=${guestCartToken}` }),
    expect: { owner: 200, 'another user': 403, 'another guest': 403 },
  },
  {
    route: 'POST /v1/cart?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({
      method: 'POST',
      url: '/v1/cart',
      ...json({ asset_id: x.ids['cart-a'], cart_token: guestCartToken }),
    }),
    expect: { owner: 200, 'another user': 403, 'another guest': 403 },
  },
  {
    route: 'GET /v1/cart/{id} (ordered cart)',
    call: () => ({ method: 'GET', url: `/v1/cart/${orderedCartId}` }),
    expect: usersThing(200),
  },
  // An order's receipt: another user's order answers as absent (404), so an id reveals nothing.
  {
    route: 'GET /v1/order/{cartId}/receipt',
    call: () => ({ method: 'GET', url: `/v1/order/${orderedCartId}/receipt` }),
    expect: usersThing(200, 404),
  },
  {
    route: 'GET /v1/order?filter={userId}',
    call: () => ({
      method: 'GET',
      url: `/v1/order?filter=${encodeURIComponent(JSON.stringify({ userId: userId() }))}`,
    }),
    expect: usersThing(200),
  },
  {
    route: 'GET /v1/order/history?userId=',
    call: () => ({ method: 'GET', url: `/v1/order/history?userId=${userId()}` }),
    expect: usersThing(200),
  },
  // The fan's own changes to an order: another user's order answers as absent (404). The owner's ticket of
  // Matrix Show was played (the session above), so its cancel and transfer are refused with the reason.
  {
    route: 'GET /v1/order/{cartId}/manage',
    call: () => ({ method: 'GET', url: `/v1/order/${orderedCartId}/manage` }),
    expect: usersThing(200, 404),
  },
  {
    route: 'POST /v1/order/{cartId}/cancel (played)',
    call: () => ({ method: 'POST', url: `/v1/order/${orderedCartId}/cancel`, ...json({}) }),
    expect: usersThing(409, 404),
  },
  {
    route: 'POST /v1/order/{cartId}/tickets/{eventId}/transfer (played)',
    call: () => ({
      method: 'POST',
      url: `/v1/order/${orderedCartId}/tickets/${showId}/transfer`,
      ...json({ email: 'matrix-friend@example.com' }),
    }),
    expect: usersThing(409, 404),
  },
  {
    route: 'POST /v1/order/createPaymentIntent',
    call: () => ({ method: 'POST', url: '/v1/order/createPaymentIntent', ...json({ amount: 2550, userId: userId() }) }),
    expect: usersThing(200),
    kept: (res) => {
      intent = { id: res.json().data.paymentIntentId, secret: res.json().data.client_secret };
    },
  },
  {
    route: 'POST /v1/payments/sandbox/confirm',
    call: () => ({
      method: 'POST',
      url: '/v1/payments/sandbox/confirm',
      ...json({
        client_secret: intent.secret,
        card: {
          number: '4242 4242 4242 4242',
          exp_month: 12,
          exp_year: (new Date().getUTCFullYear() % 100) + 2,
          cvc: '123',
        },
        return_url: '/order-confirmation/1',
      }),
    }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/order/createCartOrder',
    call: () => ({
      method: 'POST',
      url: '/v1/order/createCartOrder',
      ...json({
        userId: userId(),
        paymentMethod: 'stripe',
        paymentIntentId: intent.id,
        status: 'Active',
        usageType: 'Paid',
        isActive: 1,
      }),
    }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/viewing-sessions (a ticket)',
    call: () => ({ method: 'POST', url: '/v1/viewing-sessions', ...json({ eventId: 'matrix-show' }) }),
    expect: { ...usersThing(201), guest: 403, 'another guest': 403 },
  },
  {
    route: 'GET /v1/admin/asset/streamconfig/{id}',
    call: () => ({
      method: 'GET',
      url: `/v1/admin/asset/streamconfig/matrix-show?session=${session.id}`,
      headers: { [VIEWING_SESSION_KEY_HEADER]: session.key },
    }),
    expect: usersThing(200),
  },
  {
    route: 'POST /v1/viewing-sessions/{sessionId}/heartbeat',
    call: () => ({
      method: 'POST',
      url: `/v1/viewing-sessions/${session.id}/heartbeat`,
      headers: { [VIEWING_SESSION_KEY_HEADER]: session.key },
    }),
    expect: usersThing(200, 404, 404),
  },
  {
    route: 'DELETE /v1/viewing-sessions/{sessionId}',
    call: () => ({
      method: 'DELETE',
      url: `/v1/viewing-sessions/${session.id}`,
      headers: { [VIEWING_SESSION_KEY_HEADER]: session.key },
    }),
    expect: usersThing(200, 404, 404),
  },
  // A quality beacon is proved by the session's key in its body (sendBeacon sends no token): whatever token comes
  // with it is not read, so every caller holding the key is answered alike. Without the key:
  // tests/server/streams/playbackQuality.test.ts.
  {
    route: 'POST /v1/viewing-sessions/{sessionId}/quality',
    call: () => ({
      method: 'POST',
      url: `/v1/viewing-sessions/${session.id}/quality`,
      ...json({ sessionKey: session.key, seq: 1, stalls: 0, stallMs: 0, playMs: 0, rungSwitches: 0, fatalErrors: 0 }),
    }),
    expect: Object.fromEntries(CALLERS.map((c) => [c, 204])) as Row['expect'],
  },
  {
    // 'Watch here instead': closes only the caller's own sessions, so others get what an open gets.
    route: 'POST /v1/viewing-sessions/takeover (a ticket)',
    call: () => ({ method: 'POST', url: '/v1/viewing-sessions/takeover', ...json({ eventId: 'matrix-show' }) }),
    expect: { ...usersThing(201), guest: 403, 'another guest': 403 },
  },
  {
    // Each signed-in caller's own tickets, signed: another user gets theirs (none), never the owner's.
    route: 'GET /v1/viewing-entitlements (own)',
    call: () => ({ method: 'GET', url: '/v1/viewing-entitlements' }),
    expect: usersThing(200, 200, 403),
  },
  {
    route: 'POST /v1/cart/merge (guest cart into user)',
    call: () => ({
      method: 'POST',
      url: '/v1/cart/merge',
      ...json({ user_id: userId(), guest_cart_token: guestCartToken }),
    }),
    expect: usersThing(200),
  },
  // The waiting list: the caller's own place, from the token (another user reads or changes only theirs).
  {
    route: 'GET /v1/waitlist/{eventId}',
    call: () => ({ method: 'GET', url: `/v1/waitlist/${x.ids['cart-few']}` }),
    expect: usersThing(200, 200),
  },
  {
    route: 'POST /v1/waitlist/{eventId} (not sold out)',
    call: () => ({ method: 'POST', url: `/v1/waitlist/${x.ids['cart-few']}` }),
    expect: usersThing(409, 409),
  },
  {
    route: 'DELETE /v1/waitlist/{eventId}',
    call: () => ({ method: 'DELETE', url: `/v1/waitlist/${x.ids['cart-few']}` }),
    expect: usersThing(200, 200),
  },
];

/** What the owner holds that no other caller's answer may contain. */
const ownersMarks = () =>
  [
    callers.owner.userId && `"userId":${callers.owner.userId}`,
    // A signed entitlement of the owner's (viewing sessions, /v1/viewing-entitlements).
    callers.owner.userId && `"token":"v1.${callers.owner.userId}.`,
    'Cart B',
    'Matrix Show',
    intent.secret,
    session.key,
  ].filter(Boolean) as string[];

async function send(row: Row, who: Who): Promise<LightMyRequestResponse> {
  const { method, url, payload, headers = {} } = row.call();
  return x.t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...headers, ...(who.authorization ? { authorization: who.authorization } : {}) },
    ...(who.address ? { remoteAddress: who.address } : {}),
  });
}

describe('the access matrix', () => {
  // Rows run in order (later rows use what earlier owners' calls left); within a row, the owner calls last.
  it.each(ROWS.map((r) => [r.route, r] as const))('%s', async (_route, row) => {
    const got: Record<string, number> = {};
    let lastOwnerAnswer: LightMyRequestResponse | undefined;
    const ownerName: CallerName = row.ownedBy === 'guest' ? 'guest' : 'owner';
    const order = [...CALLERS.filter((c) => c !== ownerName), ownerName];
    for (const name of order) {
      const expected =
        name === ownerName
          ? row.expect.owner
          : ((row.ownedBy === 'guest' && name === 'owner' ? row.expect['another user'] : row.expect[name]) ?? 401);
      const res = await send(row, callers[name]);
      got[name] = res.statusCode;
      if (name === ownerName) lastOwnerAnswer = res;
      expect([name, res.statusCode, res.statusCode >= 400 ? res.json().message : 'ok']).toEqual([
        name,
        expected,
        expected >= 400 ? expect.any(String) : 'ok',
      ]);
      if (name !== ownerName && row.ownedBy !== 'guest') {
        for (const mark of ownersMarks()) expect([name, res.body.includes(mark) ? mark : null]).toEqual([name, null]);
      }
    }
    seen.push({ route: row.route, got });
    row.kept?.(lastOwnerAnswer!);
  });

  it('covers every route that touches something owned: a route in neither list fails here', () => {
    const inMatrix = new Set(
      ROWS.map(
        (r) =>
          r.route.split(' ')[0] +
          ' ' +
          r.route
            .split(' ')[1]!
            .split('?')[0]!
            .replace(/\{(\w+)\}/g, ':$1'),
      ),
    );
    const unlisted = listRoutes(x.t.app)
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .filter((r) => !NOTHING_OWNED.some((p) => p.test(r.url)))
      .map((r) => `${r.method} ${r.url}`)
      .filter((r) => !inMatrix.has(r.replace(/:(\w+)/g, ':$1')));
    expect(unlisted).toEqual([]);
  });
});
