// @databases postgres: its outcome does not depend on the kind of database
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { demoStreams } from '../../src/server/db/seed/demoStreams';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import { importCatalog } from '../../src/server/modules/catalog/importer';
import { createMediaSigner, viewerTag } from '../../src/server/modules/streams/urlSigner';
import { VIEWING_SESSION_KEY_HEADER } from '../../src/shared/contract/streams';
import { cartTestApp, type Who } from '../utils/cart';
import { checkoutDriver } from '../utils/checkout';
import { changedTables, dbFingerprint } from '../utils/dbFingerprint';
import { claimsOf, forgedCallers } from '../utils/forgedCallers';
import { EXEMPT_FROM_THE_MATRIX } from '../utils/accessMatrixExemptions';
import { listRoutes } from '../utils/routes';
import { sandboxCardBody } from '../utils/sandboxPurchase';
import { grantOrganizer } from '../utils/studio';
import { TEST_JWT_SECRET } from '../utils/testConfig';

/**
 * The access matrix: every endpoint that reads or changes something a person owns, or that only
 * organizers or the live ingest may call, called by every kind of caller, each with the status it
 * must get. The owner's things are a signed-in user's (profile, carts, orders, payment intents,
 * viewing sessions, a ticket's stream config and media) and, for the guest-cart rows, a guest's cart
 * (every call that takes a `cart_token`). Forged tokens carry the owner's own claims. A 2xx for
 * anyone but the owner is a leak, an answer to another caller must not carry the owner's data, and a
 * refused call changes nothing stored (the database is the same before and after). The tables are
 * printed.
 *
 * Every route the app registers, method and path, is either a row here or listed one by one in
 * tests/utils/accessMatrixExemptions.ts with why no person's token matters to it: a new route fails here until it
 * is placed.
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
type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | string | Buffer;
  headers?: Record<string, string>;
  remoteAddress?: string;
};
/** Expected status per caller; `owner` is the owner of the row's thing (the guest, for guest-cart rows). */
type Row = {
  route: string;
  /** The registered route the row checks (`METHOD /pattern`), when the label does not say it. */
  covers?: string;
  /** The call as this caller makes it (a call that consumes its target makes a new one for each caller). */
  call: (name: string) => Call | Promise<Call>;
  expect: Partial<Record<CallerName, number>> & { owner: number };
  ownedBy?: 'user' | 'guest';
  /** Keeps what the owner's answer gave (a new payment intent) for the rows after it, or waits for what it set off. */
  kept?: (res: LightMyRequestResponse) => void | Promise<void>;
};

let x: Awaited<ReturnType<typeof cartTestApp>>;
const callers = {} as Record<CallerName, Who>;
let guestCartToken: string;
let ownerEmail: string;
let orderedCartId: number;
let showId: number;
let intent: { id: string; secret: string };
let session: { id: string; key: string };
const seen: { table: string; route: string; got: Record<string, number> }[] = [];
const mediaSigner = createMediaSigner(deriveKeys(TEST_JWT_SECRET).mediaSigning);

beforeAll(async () => {
  // One organizer makes a fresh draft for many rows: more than a person creates in a minute.
  x = await cartTestApp({ limits: { consoleCreatesPerMinute: 1000 } });
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
  ownerEmail = (
    await x.t.database.db.selectFrom('users').select('email').where('id', '=', owner.userId!).executeTakeFirstOrThrow()
  ).email;
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
  Object.assign(callers, forgedCallers(owner));
  await consoleSetUp();
}, 60_000);
afterAll(async () => {
  for (const table of [...new Set(seen.map((s) => s.table))]) {
    const rows = seen.filter((s) => s.table === table);
    const names = [...new Set(rows.flatMap((s) => Object.keys(s.got)))];
    const width = Math.max(...rows.map((s) => s.route.length));
    const cell = (name: string, v: string) => v.padStart(Math.max(name.length, 3));
    const lines = [`${'endpoint'.padEnd(width)}  ${names.map((n) => cell(n, n)).join('  ')}`];
    for (const s of rows)
      lines.push(`${s.route.padEnd(width)}  ${names.map((n) => cell(n, String(s.got[n] ?? '-'))).join('  ')}`);
    console.log(`${table} (status each caller got; every one as expected):\n${lines.join('\n')}`);
  }
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
/** A guest's cart, named by its token: only the guest it was given to may use it. */
const guestsCart = (owner: number) => ({ owner, 'another user': 403, 'another guest': 403 });
/** The first signed playlist of a stream config's answer. */
const signedPlaylist = (res: LightMyRequestResponse) => /\/media\/signed\/[^"]+?\.m3u8/.exec(res.body)?.[0];
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
  // Every call that takes a guest's `cart_token`: another guest holding it is refused, as is a user.
  {
    route: 'GET /v1/cart?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({ method: 'GET', url: `/v1/cart?cart_token=${guestCartToken}` }),
    expect: guestsCart(200),
  },
  {
    route: 'POST /v1/cart?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({
      method: 'POST',
      url: '/v1/cart',
      ...json({ asset_id: x.ids['cart-a'], cart_token: guestCartToken }),
    }),
    expect: guestsCart(200),
  },
  {
    route: 'POST /v1/cart/remove?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({
      method: 'POST',
      url: '/v1/cart/remove',
      ...json({ asset_id: x.ids['cart-c'], cart_token: guestCartToken }),
    }),
    expect: guestsCart(200),
  },
  {
    route: 'POST /v1/order/applyVoucher?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({
      method: 'POST',
      url: '/v1/order/applyVoucher',
      ...json({ coupon_code: 'PCT25', cart_token: guestCartToken }),
    }),
    expect: guestsCart(200),
  },
  {
    route: 'POST /v1/order/removeVoucher?cart_token= (guest cart)',
    ownedBy: 'guest',
    call: () => ({ method: 'POST', url: '/v1/order/removeVoucher', ...json({ cart_token: guestCartToken }) }),
    expect: guestsCart(200),
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
      ...json(sandboxCardBody(intent.secret)),
    }),
    expect: usersThing(200),
    // The sandbox tells the shop of the payment as a webhook would, just after: its order is made and mailed
    // then, and the next row's refused calls must find the database still.
    kept: () => orderMadeFor(intent.id),
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
  // A ticket's media: only under a URL signed for a viewer and, for a premium show, the viewer's open
  // session. The folder itself answers no one, the holder included.
  {
    route: 'GET /media/streams/* (unsigned)',
    covers: 'GET /media/*',
    call: () => ({ method: 'GET', url: '/media/streams/angle-1/index.m3u8' }),
    expect: { ...usersThing(404, 404, 404), 'no token': 404 },
  },
  // The holder's own URL, from their stream config; anyone else's is signed for them (the server's own key,
  // as the edge checks it) but names no open session of theirs, since only a ticket opens one: refused.
  {
    route: 'GET /media/signed/…/streams/* (a premium show)',
    covers: 'GET /media/signed/*',
    call: async (name) => {
      if (name === 'owner') {
        const config = await x.t.app.inject({
          url: `/v1/admin/asset/streamconfig/matrix-show?session=${session.id}`,
          headers: { authorization: callers.owner.authorization!, [VIEWING_SESSION_KEY_HEADER]: session.key },
        });
        return { method: 'GET', url: signedPlaylist(config)! };
      }
      const who = callers[name as CallerName];
      const claims = who.authorization && name.includes('guest') ? claimsOf(who) : null;
      const v = claims
        ? viewerTag({ kind: 'guest', guestId: String(claims.sub) })
        : viewerTag({ kind: 'user', userId: who.userId ?? callers['another user'].userId!, email: '', name: '' });
      const grant = { e: showId, v, exp: Math.floor(Date.now() / 1000) + 60 };
      return { method: 'GET', url: mediaSigner.url('streams/angle-1', 'index.m3u8', grant) };
    },
    expect: Object.fromEntries(CALLERS.map((c) => [c, c === 'owner' ? 200 : 403])) as Row['expect'],
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
  // tests/server/modules/streams/playbackQuality.test.ts.
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

/**
 * Until the order of a paid intent is made and its confirmation mailed (the sandbox's payment event
 * makes it, off the request's path, and the mail follows the order's commit).
 */
async function orderMadeFor(intentId: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  const mailed = async () => {
    const order = await x.t.database.db
      .selectFrom('orders')
      .select('order_ref')
      .where('payment_intent_id', '=', intentId)
      .executeTakeFirst();
    if (!order) return false;
    const mail = await x.t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('text', 'like', `%${order.order_ref}%`)
      .executeTakeFirst();
    return Boolean(mail);
  };
  while (!(await mailed())) {
    if (Date.now() > deadline) throw new Error(`no order was made and mailed for the paid intent ${intentId}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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

const inject = (call: Call, who: Who): Promise<LightMyRequestResponse> => {
  const { method, url, payload, headers = {}, remoteAddress } = call;
  const options: InjectOptions = {
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    headers: { ...headers, ...(who.authorization ? { authorization: who.authorization } : {}) },
    ...(remoteAddress ? { remoteAddress } : who.address ? { remoteAddress: who.address } : {}),
  };
  return x.t.app.inject(options);
};

/**
 * Sends one row's call as each caller, in order, and holds each answer to the expected status. The
 * calls are made first (a call that consumes its target makes one per caller); the database is read
 * before and after each run of refused calls, which must leave it as it was.
 */
async function runRow(
  table: string,
  row: { route: string; call: Row['call'] },
  order: { name: string; who: Who; expected: number }[],
  onAnswer: (name: string, res: LightMyRequestResponse) => void = () => undefined,
): Promise<void> {
  const calls: Call[] = [];
  for (const { name } of order) calls.push(await row.call(name));
  const got: Record<string, number> = {};
  let before: Awaited<ReturnType<typeof dbFingerprint>> | null = null;
  let refusedRun: string[] = [];
  const closeRun = async () => {
    if (!before) return;
    const changed = changedTables(before, await dbFingerprint(x.t.database.db as never));
    expect([row.route, refusedRun.join(', '), changed]).toEqual([row.route, refusedRun.join(', '), []]);
    [before, refusedRun] = [null, []];
  };
  for (const [i, { name, who, expected }] of order.entries()) {
    if (expected >= 400) before ??= await dbFingerprint(x.t.database.db as never);
    else await closeRun();
    const res = await inject(calls[i]!, who);
    got[name] = res.statusCode;
    if (expected >= 400) refusedRun.push(name);
    const message = () => (/json/.test(String(res.headers['content-type'])) ? res.json().message : res.body);
    expect([name, res.statusCode, res.statusCode >= 400 ? message() : 'ok']).toEqual([
      name,
      expected,
      expected >= 400 ? expect.any(String) : 'ok',
    ]);
    onAnswer(name, res);
  }
  await closeRun();
  seen.push({ table, route: row.route, got });
}

describe('the access matrix', () => {
  // Rows run in order (later rows use what earlier owners' calls left); within a row, the owner calls last.
  it.each(ROWS.map((r) => [r.route, r] as const))('%s', async (_route, row) => {
    let lastOwnerAnswer: LightMyRequestResponse | undefined;
    const ownerName: CallerName = row.ownedBy === 'guest' ? 'guest' : 'owner';
    const order = [...CALLERS.filter((c) => c !== ownerName), ownerName].map((name) => ({
      name,
      who: callers[name],
      expected:
        name === ownerName
          ? row.expect.owner
          : ((row.ownedBy === 'guest' && name === 'owner' ? row.expect['another user'] : row.expect[name]) ?? 401),
    }));
    await runRow('The access matrix', row, order, (name, res) => {
      if (name === ownerName) lastOwnerAnswer = res;
      if (name !== ownerName && row.ownedBy !== 'guest') {
        for (const mark of ownersMarks()) expect([name, res.body.includes(mark) ? mark : null]).toEqual([name, null]);
      }
    });
    await row.kept?.(lastOwnerAnswer!);
  });
});

// ── The console and the live ingest ───────────────────────────────────────────────────────────────
/**
 * The organizer console's routes (every /v1/studio/ route) and the live ingest's (nginx-rtmp's
 * publish callbacks, which the SRT relays publish through too, and the live and organizer commands).
 * Only an organizer opens the console; one organization runs the shop, so every organizer may act on
 * every event (docs/decisions.md "Organizers"): another organizer is allowed as the first is. The
 * ingest's routes open to no person's token, an organizer's included: only to this machine's own
 * tools, from loopback, proving the server's control key; anyone else gets the 404 of an address that
 * does not exist.
 */
const CONSOLE_CALLERS = [
  'organizer',
  'another organizer',
  'shopper',
  'guest',
  'no token',
  'alg none',
  'expired',
  'wrong key',
  'this machine, no key',
  'the ingest',
] as const;
type ConsoleCaller = (typeof CONSOLE_CALLERS)[number];
const people = {} as Record<ConsoleCaller, Who>;
let controlKey: string;
let liveId: number;
let liveShows = 0;
let drafts = 0;
let refundable: Who;

async function consoleSetUp() {
  people.organizer = await x.d.user('organizer');
  people['another organizer'] = await x.d.user('organizer2');
  for (const o of [people.organizer, people['another organizer']]) await grantOrganizer(x.t.database.db, o.userId!);
  people.shopper = callers['another user'];
  people.guest = callers.guest;
  people['no token'] = { label: 'no token' };
  const forged = forgedCallers(people.organizer);
  Object.assign(people, { 'alg none': forged['alg none'], expired: forged.expired, 'wrong key': forged['wrong key'] });
  people['this machine, no key'] = { label: 'this machine, no key', address: '127.0.0.1' };
  people['the ingest'] = { label: 'the ingest', address: '127.0.0.1' };
  controlKey = deriveKeys(TEST_JWT_SECRET).ingestControl;
  liveId = await liveShow();
  refundable = await x.d.user('refundable');
  await importCatalog(x.t.database.db, {
    events: Array.from({ length: CONSOLE_CALLERS.length }, (_, i) => ({
      path: `matrix-refund-${i}`,
      title: `Refund ${i}`,
      isPremium: true,
      price: 2,
    })),
  });
}

/** A new 'Live' show (premium: the demo's premium folders), its id. */
async function liveShow(): Promise<number> {
  const path = `matrix-live-${(liveShows += 1)}`;
  await importCatalog(x.t.database.db, {
    events: [
      {
        path,
        title: path,
        contentType: 'Live',
        airStartDate: new Date(Date.now() + 3_600_000).toISOString(),
        isPremium: true,
        price: 5,
        streams: demoStreams,
      },
    ],
  });
  return (await x.t.database.db.selectFrom('events').select('id').where('path', '=', path).executeTakeFirstOrThrow())
    .id;
}
const asOrganizer = (method: Call['method'], url: string, payload?: object) =>
  x.t.app.inject({
    method,
    url,
    headers: { authorization: people.organizer.authorization! },
    ...(payload ? { payload } : {}),
  });
async function draft(): Promise<number> {
  const res = await asOrganizer('POST', '/v1/studio/events', { title: `Matrix draft ${(drafts += 1)}` });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
/** A live show whose stream keys were issued through the console: one that can be ended. */
async function liveShowWithKeys(): Promise<number> {
  const id = await liveShow();
  expect((await asOrganizer('POST', `/v1/studio/events/${id}/live/keys`, {})).statusCode).toBe(200);
  return id;
}
/** The ingest's own call: from loopback, the control key in its header (the notify callbacks put it in the query). */
const ingest = (url: string, payload: object | string, form = false): Call => ({
  method: 'POST',
  url,
  payload,
  headers: {
    'x-ingest-token': controlKey,
    ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
  },
});
const notify = (name: string, clientid: string) =>
  new URLSearchParams({ app: 'live', call: 'publish', name, clientid, addr: '198.51.100.7', type: 'live' }).toString();
let streamKey: string;

type ConsoleRow = { route: string; covers?: string; call: Row['call']; allowed: number; ingest?: boolean };
const CONSOLE_ROWS: ConsoleRow[] = [
  { route: 'GET /v1/studio/me', call: () => ({ method: 'GET', url: '/v1/studio/me' }), allowed: 200 },
  { route: 'GET /v1/studio/audit', call: () => ({ method: 'GET', url: '/v1/studio/audit' }), allowed: 200 },
  { route: 'GET /v1/studio/events', call: () => ({ method: 'GET', url: '/v1/studio/events' }), allowed: 200 },
  {
    route: 'GET /v1/studio/events/{id}',
    call: () => ({ method: 'GET', url: `/v1/studio/events/${showId}` }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events',
    call: () => ({ method: 'POST', url: '/v1/studio/events', ...json({ title: 'Made in the matrix' }) }),
    allowed: 201,
  },
  {
    route: 'PUT /v1/studio/events/{id}',
    call: async () => ({
      method: 'PUT',
      url: `/v1/studio/events/${await draft()}`,
      ...json({ title: 'Renamed in the matrix', version: 1 }),
    }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events/{id}/publish',
    call: async () => ({ method: 'POST', url: `/v1/studio/events/${await draft()}/publish`, ...json({}) }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events/{id}/unpublish',
    call: async () => {
      const id = await draft();
      await asOrganizer('POST', `/v1/studio/events/${id}/publish`, {});
      return { method: 'POST', url: `/v1/studio/events/${id}/unpublish`, ...json({}) };
    },
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events/{id}/duplicate',
    call: () => ({ method: 'POST', url: `/v1/studio/events/${showId}/duplicate`, ...json({}) }),
    allowed: 201,
  },
  {
    route: 'DELETE /v1/studio/events/{id}',
    call: async () => ({ method: 'DELETE', url: `/v1/studio/events/${await draft()}` }),
    allowed: 200,
  },
  { route: 'GET /v1/studio/categories', call: () => ({ method: 'GET', url: '/v1/studio/categories' }), allowed: 200 },
  {
    route: 'GET /v1/studio/subscriptions',
    call: () => ({ method: 'GET', url: '/v1/studio/subscriptions' }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/images',
    call: async () => ({
      method: 'POST',
      url: '/v1/studio/images?kind=poster',
      payload: await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#c8285a' } })
        .png()
        .toBuffer(),
      headers: { 'content-type': 'image/png' },
    }),
    allowed: 201,
  },
  { route: 'GET /v1/studio/coupons', call: () => ({ method: 'GET', url: '/v1/studio/coupons' }), allowed: 200 },
  {
    route: 'POST /v1/studio/coupons',
    call: (name) => ({
      method: 'POST',
      url: '/v1/studio/coupons',
      ...json({ code: `MATRIX-${CONSOLE_CALLERS.indexOf(name as ConsoleCaller)}`, kind: 'percent', percentOff: 10 }),
    }),
    allowed: 200,
  },
  {
    route: 'GET /v1/studio/coupons/{code}',
    call: () => ({ method: 'GET', url: '/v1/studio/coupons/FIX5' }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/coupons/{code}/disable',
    call: () => ({ method: 'POST', url: '/v1/studio/coupons/TWICE/disable', ...json({}) }),
    allowed: 200,
  },
  {
    route: 'GET /v1/studio/events/{id}/live',
    call: () => ({ method: 'GET', url: `/v1/studio/events/${liveId}/live` }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events/{id}/live/keys',
    call: () => ({ method: 'POST', url: `/v1/studio/events/${liveId}/live/keys`, ...json({}) }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events/{id}/live/start',
    call: () => ({ method: 'POST', url: `/v1/studio/events/${liveId}/live/start`, ...json({}) }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/events/{id}/live/message',
    call: () => ({
      method: 'POST',
      url: `/v1/studio/events/${liveId}/live/message`,
      ...json({ message: 'Doors open' }),
    }),
    allowed: 200,
  },
  // No encoder publishes in this test: the organizer is let in and told the angle has no picture yet.
  {
    route: 'GET /v1/studio/events/{id}/live/preview/{angle}',
    call: () => ({ method: 'GET', url: `/v1/studio/events/${liveId}/live/preview/1` }),
    allowed: 404,
  },
  {
    route: 'POST /v1/studio/events/{id}/live/end',
    call: async () => ({ method: 'POST', url: `/v1/studio/events/${await liveShowWithKeys()}/live/end`, ...json({}) }),
    allowed: 200,
  },
  { route: 'GET /v1/studio/sales', call: () => ({ method: 'GET', url: '/v1/studio/sales' }), allowed: 200 },
  { route: 'GET /v1/studio/orders', call: () => ({ method: 'GET', url: '/v1/studio/orders' }), allowed: 200 },
  {
    route: 'GET /v1/studio/orders/{id}',
    call: () => ({ method: 'GET', url: `/v1/studio/orders/${orderedCartId}` }),
    allowed: 200,
  },
  {
    route: 'POST /v1/studio/orders/{id}/refund',
    call: async (name) => {
      const path = `matrix-refund-${CONSOLE_CALLERS.indexOf(name as ConsoleCaller)}`;
      const event = await x.t.database.db
        .selectFrom('events')
        .select('id')
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
      expect((await x.d.add(refundable, { asset_id: event.id })).statusCode).toBe(200);
      expect((await x.d.apply(refundable, { coupon_code: 'FIX100' })).statusCode).toBe(200);
      const order = await checkoutDriver(x.t.app, TEST_JWT_SECRET).order(refundable, {
        paymentMethod: 'vouchers',
        amount: 0,
      });
      return { method: 'POST', url: `/v1/studio/orders/${order.json().data.orderId}/refund`, ...json({}) };
    },
    allowed: 200,
  },
  {
    route: 'GET /v1/studio/events/{id}/attendees.csv',
    call: () => ({ method: 'GET', url: `/v1/studio/events/${showId}/attendees.csv` }),
    allowed: 200,
  },
  {
    route: 'GET /v1/studio/events/{id}/guarantees',
    call: () => ({ method: 'GET', url: `/v1/studio/events/${showId}/guarantees` }),
    allowed: 200,
  },
  // The live ingest's and the commands' calls.
  {
    route: 'POST /internal/live/keys',
    ingest: true,
    call: async () => ingest('/internal/live/keys', { event: String(await liveShow()), rotate: false }),
    allowed: 200,
  },
  {
    route: 'POST /internal/ingest/publish',
    ingest: true,
    call: async (name) => {
      if (!streamKey) {
        const keys = await x.t.app.inject({
          ...ingest('/internal/live/keys', { event: String(liveId), rotate: true }),
          remoteAddress: '127.0.0.1',
        });
        streamKey = keys.json().data.feeds.find((f: { angle: number }) => f.angle === 1).key;
      }
      return ingest(
        '/internal/ingest/publish',
        notify(streamKey, `matrix-${CONSOLE_CALLERS.indexOf(name as ConsoleCaller)}`),
        true,
      );
    },
    allowed: 302,
  },
  {
    route: 'POST /internal/ingest/publish-done',
    ingest: true,
    call: (name) =>
      ingest(
        '/internal/ingest/publish-done',
        notify(streamKey, `matrix-${CONSOLE_CALLERS.indexOf(name as ConsoleCaller)}`),
        true,
      ),
    allowed: 200,
  },
  {
    route: 'POST /internal/live/on-air',
    ingest: true,
    call: async () => ingest('/internal/live/on-air', { event: String(await liveShow()) }),
    allowed: 200,
  },
  {
    route: 'POST /internal/live/end',
    ingest: true,
    call: async () => {
      const id = await liveShow();
      await x.t.app.inject({
        ...ingest('/internal/live/keys', { event: String(id), rotate: false }),
        remoteAddress: '127.0.0.1',
      });
      return ingest('/internal/live/end', { event: String(id) });
    },
    allowed: 200,
  },
  {
    route: 'POST /internal/organizers/grant',
    ingest: true,
    call: () => ingest('/internal/organizers/grant', { email: ownerEmail }),
    allowed: 200,
  },
  {
    route: 'POST /internal/organizers/revoke',
    ingest: true,
    call: () => ingest('/internal/organizers/revoke', { email: ownerEmail }),
    allowed: 200,
  },
];

/** What each caller gets from a console or ingest route. */
function consoleExpected(row: ConsoleRow, name: ConsoleCaller): number {
  if (row.ingest) return name === 'the ingest' ? row.allowed : 404;
  if (name === 'organizer' || name === 'another organizer') return row.allowed;
  if (name === 'shopper' || name === 'guest') return 403;
  return 401;
}

describe('the console and the live ingest', () => {
  it.each(CONSOLE_ROWS.map((r) => [r.route, r] as const))('%s', async (_route, row) => {
    const order = CONSOLE_CALLERS.map((name) => ({ name, who: people[name], expected: consoleExpected(row, name) }));
    // The control key goes only with the ingest's own call; every other caller sends its token, from its address.
    const call: Row['call'] = async (name) => {
      const made = await row.call(name);
      if (name === 'the ingest') return { ...made, remoteAddress: '127.0.0.1' };
      const headers = Object.fromEntries(Object.entries(made.headers ?? {}).filter(([k]) => k !== 'x-ingest-token'));
      return { ...made, headers };
    };
    await runRow('The console and the live ingest', { route: row.route, call }, order);
  });
});

describe('every route is placed', () => {
  const placed = () =>
    new Map(
      [...ROWS, ...CONSOLE_ROWS].map((r) => [
        r.covers ??
          `${r.route.split(' ')[0]} ${r.route
            .split(' ')[1]!
            .split('?')[0]!
            .replace(/\{(\w+)\}/g, ':$1')}`,
        r.route,
      ]),
    );
  const registered = () =>
    listRoutes(x.t.app)
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => `${r.method} ${r.url}`);

  it('checks or lists every registered route, one method and path at a time: a new route fails here', () => {
    const checked = placed();
    expect(registered().filter((r) => !checked.has(r) && !EXEMPT_FROM_THE_MATRIX[r])).toEqual([]);
  });

  it('lists no route that is checked, and none the app does not have', () => {
    const routes = new Set(registered());
    const checked = placed();
    expect(Object.keys(EXEMPT_FROM_THE_MATRIX).filter((r) => checked.has(r) || !routes.has(r))).toEqual([]);
    expect([...checked.keys()].filter((r) => !routes.has(r))).toEqual([]);
  });
});
