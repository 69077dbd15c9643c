import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import { demoStreams } from '../../src/server/db/seed/demoStreams';
import { importCatalog } from '../../src/server/modules/catalog/importer';
import { VIEWING_SESSION_KEY_HEADER } from '../../src/shared/contract/streams';
import { loadCartFixture, type Who } from './cart';
import { outboxCodeFor } from './mailbox';
import { documentCheck, type ApiDocument } from './openApiCheck';
import { pathOwners } from './pathOwners';
import { smallestBuild } from './smallestBuild';
import { envelopeOf, purchased, sandboxPurchase } from './sandboxPurchase';
import { grantOrganizer } from './studio';
import { createTestApp, type TestApp } from './testApp';
import { testConfig } from './testConfig';

/** A route as the app registered it: its schemas, its own body limit, and whose token it asks for. */
export type CapturedRoute = {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  /** The route's own body limit, where it sets one below the app's (a quality beacon: 1 KB). */
  bodyLimit: number | undefined;
  /** `config.auth`: 'none' reads no token at all; unset is 'optional'. */
  auth: string;
};

/** Limits stay on (they are part of what is fuzzed) but high enough that the handlers behind them run. */
function highLimits(base: ReturnType<typeof testConfig>['limits']) {
  const high = 1_000_000;
  return {
    ...base,
    guestTokensPerMinutePerIp: high,
    newsletterSignupsPerMinutePerIp: high,
    codeRequestsPerMinutePerIp: high,
    checkUserPerMinutePerIp: high,
    verifyPerMinutePerIp: high,
    voucherAttemptsPerMinute: high,
    checkoutCallsPerMinute: high,
    cardAttemptsPerMinute: high,
    streamConfigCallsPerMinute: high,
    viewingOpensPerMinute: high,
    viewingHeartbeatsPerMinute: high,
    viewingTakeoversPerMinute: high,
    imageUploadsPerMinute: high,
    consoleCreatesPerMinute: high,
    liveMessagesPerMinute: high,
    waitlistChangesPerMinute: high,
    waitlistReadsPerMinute: high,
    qualityBeaconsPerMinutePerSession: high,
    qualityBeaconsPerMinutePerAddress: high,
    guestsPerAddress: {
      voucherAttemptsPerMinute: high,
      streamConfigCallsPerMinute: high,
      viewingOpensPerMinute: high,
      liveStateCallsPerMinute: high,
    },
  };
}

/** Premium events to buy again and again: an order that is cancelled or handed on frees its event for the buyer. */
const POOL = Array.from({ length: 24 }, (_, i) => `fuzz-pool-${i}`);
/**
 * Order changes (cancel, transfer) are limited per user to a few a minute, whatever the limits say
 * (orders/manageRoutes.ts): the valid ones are spread over this many buyers.
 */
const BUYERS = 6;

/**
 * The world the contract fuzzer sends its requests into: the app (its routes captured with their
 * schemas), the cart fixture, a premium show with streams, a 'Live' show, shoppers who hold tickets
 * and orders, guests, an organizer; and the calls that make the state a valid request needs (a fresh
 * order to cancel, an open viewing session, a payment intent), made through the API as a browser
 * would.
 */
export async function openFuzzWorld() {
  const routes: CapturedRoute[] = [];
  const base = testConfig();
  const t: TestApp = await createTestApp({
    config: { limits: highLimits(base.limits), clientDistDir: smallestBuild() },
    deps: {
      onRoute: (route: RouteOptions) => {
        for (const method of ([] as string[]).concat(route.method)) {
          routes.push({
            method,
            url: route.url,
            schema: (route.schema ?? {}) as CapturedRoute['schema'],
            bodyLimit: route.bodyLimit,
            auth: (route.config as { auth?: string } | undefined)?.auth ?? 'optional',
          });
        }
      },
    },
  });
  const { app } = t;
  const db = t.database.db;
  // The world's events, carts and orders get ids far from the small ones a spoiled request names most
  // often (fast-check leans to the ends of a range): a spoiled call an organizer is allowed to make
  // (unpublish, refund) acts on the seeded demo's rows, never on what the valid requests rely on.
  for (const table of ['events', 'carts', 'orders'])
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), 1000000000)`.execute(db);
  const { ids } = await loadCartFixture(db);
  // Premium: the demo's premium folders are for premium events only.
  const live = {
    contentType: 'Live',
    airStartDate: new Date(Date.now() + 86_400_000).toISOString(),
    isPremium: true,
    price: 5,
    streams: demoStreams,
  };
  await importCatalog(db, {
    events: [
      { path: 'fuzz-show', title: 'Fuzz Show', isPremium: true, price: 10, streams: demoStreams },
      { path: 'fuzz-live', title: 'Fuzz Live', ...live },
      ...POOL.map((path) => ({ path, title: path, isPremium: true, price: 3 })),
    ],
  });
  const idOf = async (path: string) =>
    (await db.selectFrom('events').select('id').where('path', '=', path).executeTakeFirstOrThrow()).id;
  const doc = (await app.inject({ url: '/openapi.json' })).json<ApiDocument>();
  const check = documentCheck(doc);
  // The document's paths, and the routes it leaves out (the webhook, the media, the internal calls).
  const owners = pathOwners([
    ...Object.entries(doc.paths).map(([p, operations]): [string, string[]] => [p, Object.keys(operations)]),
    ...routes.filter((r) => !['/*', '*'].includes(r.url)).map((r): [string, string[]] => [r.url, [r.method]]),
  ]);

  let n = 0;
  const address = () => {
    n += 1;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
  const email = (what: string) => `fuzz-${what}-${(n += 1)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const send = (who: Who, opts: InjectOptions): Promise<LightMyRequestResponse> =>
    app.inject({
      remoteAddress: address(),
      ...opts,
      headers: { ...(who.authorization ? { authorization: who.authorization } : {}), ...opts.headers },
    });
  const expectOk = async (what: string, res: LightMyRequestResponse | Promise<LightMyRequestResponse>) => {
    const r = await res;
    if (r.statusCode >= 300) throw new Error(`fuzz world, ${what}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    return r;
  };

  /** A new account through the sign-in API: registered, its mailed code read, verified. */
  async function signUp(label: string): Promise<Who & { email: string }> {
    const emailId = email(label);
    await expectOk(
      'register',
      send({ label }, { method: 'POST', url: '/v1/register', payload: { emailId, loginSource: 3 } }),
    );
    const otp = await outboxCodeFor(db, emailId);
    const res = await expectOk(
      'verify',
      send(
        { label },
        {
          method: 'POST',
          url: '/v1/verifyotp',
          payload: { emailId, otp, NewUser: true, firstName: 'Fuzz', lastName: label },
        },
      ),
    );
    const { token, userId } = res.json().data[0] as { token: string; userId: number };
    return { label, authorization: `Bearer ${token}`, userId, email: emailId };
  }
  async function guest(label: string): Promise<Who> {
    const res = await expectOk('guest token', app.inject({ url: '/v1/token/guest', remoteAddress: address() }));
    return { label, authorization: `Bearer ${res.json().data}` };
  }

  const add = (who: Who, eventId: number) =>
    send(who, { method: 'POST', url: '/v1/cart', payload: { asset_id: eventId } });
  const cartOf = async (who: Who) =>
    (await expectOk('cart', send(who, { url: '/v1/cart' }))).json().data as {
      id: number | null;
      items: { id: number }[];
      cartToken: string | null;
      totals: { grandTotal: number };
    };

  /** Puts in the cart a pool event the caller does not hold yet (from `pick` on): its id. */
  async function addNew(who: Who, pick: number): Promise<number> {
    for (let i = 0; i < pool.length; i += 1) {
      const id = pool[(pick + i) % pool.length]!;
      if ((await add(who, id)).statusCode === 200) return id;
    }
    throw new Error(`fuzz world: ${who.label} holds every pool event`);
  }

  /** A voucher order (FIX100 makes it free) of `events`: its cart id and order ref. */
  async function order(
    who: Who,
    events: number[] | number,
  ): Promise<{ cartId: number; orderId: string; eventId: number }> {
    for (const id of (await cartOf(who)).items.map((i) => i.id))
      await send(who, { method: 'POST', url: '/v1/cart/remove', payload: { asset_id: id } });
    if (Array.isArray(events)) for (const id of events) await expectOk('add', add(who, id));
    const eventId = Array.isArray(events) ? events[0]! : await addNew(who, events);
    await expectOk(
      'voucher',
      send(who, { method: 'POST', url: '/v1/order/applyVoucher', payload: { coupon_code: 'FIX100' } }),
    );
    const res = await expectOk(
      'order',
      send(who, {
        method: 'POST',
        url: '/v1/order/createCartOrder',
        payload: { userId: who.userId, paymentMethod: 'vouchers', amount: 0 },
      }),
    );
    return { ...(res.json().data as { cartId: number; orderId: string }), eventId };
  }

  const organizer = await signUp('organizer');
  await grantOrganizer(db, organizer.userId!);
  const shoppers = [await signUp('shopper0'), await signUp('shopper1'), await signUp('shopper2')];
  const buyers: Who[] = [];
  for (let i = 0; i < BUYERS; i += 1) buyers.push(await signUp(`buyer${i}`));
  const guests = [await guest('guest0'), await guest('guest1'), await guest('guest2')];
  const fuzzShow = await idOf('fuzz-show');
  const fuzzLive = await idOf('fuzz-live');
  const pool = await Promise.all(POOL.map(idOf));
  // Every shopper holds a ticket for the show (and an ordered cart); the first two sell out 'cart-few'.
  const orders = new Map<number, { cartId: number; orderId: string; eventId: number }>();
  for (const [i, s] of shoppers.entries())
    orders.set(s.userId!, await order(s, i < 2 ? [fuzzShow, ids['cart-few']!] : [fuzzShow]));
  // Each guest's own cart, known by its token.
  const guestTokens = new Map<string, string>();
  for (const g of guests)
    guestTokens.set(g.authorization!, (await expectOk('guest cart', add(g, ids['cart-c']!))).json().data.cartToken);
  await expectOk(
    'keys',
    send(organizer, { method: 'POST', url: `/v1/studio/events/${fuzzLive}/live/keys`, payload: {} }),
  );

  let buyer = 0;
  let liveShows = 0;
  return {
    t,
    app,
    db,
    routes,
    check,
    owners,
    ids: { ...ids, fuzzShow, fuzzLive } as Record<string, number> & { fuzzShow: number; fuzzLive: number },
    pool,
    organizer,
    shoppers,
    guests,
    address,
    email,
    send,
    /** The shopper's ordered cart (it holds the show's ticket). */
    orderOf: (who: Who) => orders.get(who.userId!)!,
    guestCartToken: (who: Who) => guestTokens.get(who.authorization!),
    /** The next buyer, in turn: each one's order changes stay under the per-user limit. */
    nextBuyer: () => buyers[(buyer += 1) % buyers.length]!,
    /** A new free order of one pool event for `who`: cancellable, transferable, refundable. */
    freshOrder: (who: Who, pick: number) => order(who, pick),
    /** A cart with something in it, for the calls that price a cart. */
    fillCart: async (who: Who, pick: number) => {
      if ((await cartOf(who)).items.length === 0) await addNew(who, pick);
      return cartOf(who);
    },
    /** A new viewing session of the show on this device ('watch here instead': any other one stops). */
    async openSession(who: Who): Promise<{ id: string; key: string }> {
      const res = await expectOk(
        'takeover',
        send(who, { method: 'POST', url: '/v1/viewing-sessions/takeover', payload: { eventId: 'fuzz-show' } }),
      );
      return { id: res.json().data.sessionId, key: res.json().data.sessionKey };
    },
    sessionHeader: (key: string) => ({ [VIEWING_SESSION_KEY_HEADER]: key }),
    /** A payment intent for the cart's total: its id and client secret. */
    async intent(who: Who, pick: number) {
      const cart = await this.fillCart(who, pick);
      const made = await sandboxPurchase(
        async ({ method, path, body }) => {
          const res = await send(who, { method, url: path, ...(body ? { payload: body } : {}) });
          return { status: res.statusCode, json: envelopeOf(res.body), text: res.body };
        },
        { userId: who.userId, amountCents: Math.round(cart.totals.grandTotal * 100), until: 'intent' },
      );
      const { paymentIntentId: id, clientSecret: secret } = purchased(made, `fuzz world, ${who.label}`);
      return { id, secret };
    },
    /** A new draft in the console: its id. */
    async draft(): Promise<number> {
      const res = await expectOk(
        'draft',
        send(organizer, { method: 'POST', url: '/v1/studio/events', payload: { title: 'Fuzz draft' } }),
      );
      return res.json().data.id;
    },
    /** A new 'Live' show with its stream keys issued: one whose show can still be ended. */
    async liveShow(): Promise<number> {
      const path = `fuzz-live-${(liveShows += 1)}`;
      await importCatalog(db, {
        events: [{ path, title: path, ...live }],
      });
      const id = await idOf(path);
      await expectOk(
        'keys',
        send(organizer, { method: 'POST', url: `/v1/studio/events/${id}/live/keys`, payload: {} }),
      );
      return id;
    },
    /** A sign-in code mailed to a new address ('register'), for verifying it. */
    async mailedCode(): Promise<{ emailId: string; otp: string }> {
      const emailId = email('code');
      await expectOk(
        'register',
        send({ label: 'nobody' }, { method: 'POST', url: '/v1/register', payload: { emailId, loginSource: 3 } }),
      );
      return { emailId, otp: (await outboxCodeFor(db, emailId))! };
    },
    signUp,
    /**
     * Until every card payment the sandbox confirmed has been taken by the shop (its order made, or
     * refunded): the sandbox tells the shop just after the payment, off the request's path, as a
     * webhook would, and that must not land while a later check holds the database still.
     */
    async paymentsSettled(): Promise<void> {
      const deadline = Date.now() + 20_000;
      const unsettled = async () =>
        (
          await db
            .selectFrom('checkouts')
            .innerJoin('sandbox_intents', 'sandbox_intents.id', 'checkouts.payment_intent_id')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('sandbox_intents.status', '=', 'succeeded')
            .where('checkouts.status', 'in', ['open', 'refund_pending'])
            .executeTakeFirstOrThrow()
        ).n;
      // And every order's confirmation mailed: the mail follows the order's commit, off the request's path too.
      const unmailed = async () =>
        (
          await db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('mail_outbox')
                    .select('mail_outbox.id')
                    .where('mail_outbox.text', 'like', sql<string>`'%' || orders.order_ref || '%'`),
                ),
              ),
            )
            .executeTakeFirstOrThrow()
        ).n;
      while (Number(await unsettled()) > 0 || Number(await unmailed()) > 0) {
        if (Date.now() > deadline) throw new Error('fuzz world: a confirmed card payment was never taken by the shop');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
export type FuzzWorld = Awaited<ReturnType<typeof openFuzzWorld>>;
