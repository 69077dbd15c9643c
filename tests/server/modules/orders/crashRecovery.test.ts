// @databases both: transactions — a payment settled after a crash becomes one order
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../../src/server/db/database';
import { cardOrderBody, sandboxCardBody } from '../../../utils/sandboxPurchase';
import { startFakeStripe, type FakeStripe } from '../../../utils/fakeStripe';
import { latestCodeIn } from '../../../utils/mailbox';
import { spawnServer, type ServerProcess } from '../../../utils/serverProcess';
import { postgresUrl, releaseSchema, scratchSchema } from '../../../utils/testDatabase';

/**
 * A crash between "the card was charged" and "the order was written": the real server process is
 * killed (SIGKILL, no shutdown) after the provider says the payment succeeded and before the browser
 * asks for its order. Started again on the same data, it must make exactly one order, and the
 * browser's retry must answer that same order.
 */
/** Each case starts and kills real servers: its limit, and its hooks' (they stop what is still running). */
const CRASH_CASE_MS = 180_000;

const spawned = new Set<ChildProcess>();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  // Whatever happened above, no server outlives the test file.
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}, CRASH_CASE_MS);

/**
 * Where the spawned server keeps its data: PGlite under DATA_DIR, or (in the PostgreSQL run) a
 * schema of its own, given by DATABASE_URL. Either survives the process; `open` reads it afterwards.
 */
async function storage() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-crash-'));
  const clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-nodist-'));
  cleanups.push(
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    async () => fs.rmSync(clientDist, { recursive: true, force: true }),
  );
  const env: Record<string, string> = { DATA_DIR: dataDir, CLIENT_DIST_DIR: clientDist };
  let open = () => openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  if (process.env.TEST_DB_KIND === 'postgres') {
    const scratch = await scratchSchema(postgresUrl());
    cleanups.push(() => releaseSchema(scratch));
    env.DATABASE_URL = scratch.url;
    open = () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
  }
  return { env, open };
}

type Json = { success: boolean; message: string; data: any };
/** The browser's side of the API, over HTTP; the server's address changes with each start. */
function browser() {
  let token = '';
  let userId = 0;
  const call = async (server: ServerProcess, method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await fetch(`${server.baseUrl}${url}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Json };
  };
  const ok = async (server: ServerProcess, method: 'GET' | 'POST', url: string, body?: object) => {
    const res = await call(server, method, url, body);
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${res.json.message}\n${server.output()}`);
    return res.json.data;
  };
  return {
    get userId() {
      return userId;
    },
    call,
    /** Signs up (the code from the local outbox), fills the cart with a premium demo event, asks for its intent. */
    async checkout(
      server: ServerProcess,
      eventPath: string,
    ): Promise<{ paymentIntentId: string; client_secret: string; amount: number }> {
      const email = `crash-${crypto.randomBytes(4).toString('hex')}@example.com`;
      await ok(server, 'POST', '/v1/register', { emailId: email, loginSource: 3 });
      const mails = await (await fetch(`${server.baseUrl}/dev/mailbox.json`)).json();
      const session = (
        await ok(server, 'POST', '/v1/verifyotp', {
          emailId: email,
          otp: latestCodeIn(mails, email),
          NewUser: true,
          firstName: 'Crash',
          lastName: 'Test',
        })
      )[0];
      ({ token, userId } = session as { token: string; userId: number });
      const event = (await ok(server, 'GET', `/v1/asset/${eventPath}`))[0] as { id: number; isPremium?: unknown };
      await ok(server, 'POST', '/v1/cart', { asset_id: event.id });
      const total = Math.round((await ok(server, 'GET', '/v1/cart')).totals.grandTotal * 100);
      expect(total).toBeGreaterThan(0);
      return ok(server, 'POST', '/v1/order/createPaymentIntent', { amount: total, userId });
    },
    confirmSandbox: (server: ServerProcess, clientSecret: string) =>
      ok(server, 'POST', '/v1/payments/sandbox/confirm', sandboxCardBody(clientSecret)),
    cardOrder: (server: ServerProcess, paymentIntentId: string) =>
      call(server, 'POST', '/v1/order/createCartOrder', cardOrderBody(userId, paymentIntentId)),
    history: async (server: ServerProcess) =>
      (await ok(server, 'GET', `/v1/order/history?userId=${userId}`)) as { total: number; data: { orderId: string }[] },
  };
}

/** Polls the user's order history until it holds an order (reconciliation runs once the server is ready). */
async function firstOrder(
  server: ServerProcess,
  b: ReturnType<typeof browser>,
  withinMs: number,
): Promise<string | undefined> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const page = await b.history(server);
    if (page.total > 0) return page.data[0]!.orderId;
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** After the last stop: what the database holds for this payment, read directly. */
async function recorded(open: () => Promise<Database>, intentId: string) {
  const database = await open();
  try {
    const orders = await database.db
      .selectFrom('orders')
      .select(['order_ref', 'status', 'user_id'])
      .where('payment_intent_id', '=', intentId)
      .execute();
    const checkout = await database.db
      .selectFrom('checkouts')
      .select(['status'])
      .where('payment_intent_id', '=', intentId)
      .executeTakeFirst();
    const allOrders = await database.db.selectFrom('orders').select('id').execute();
    return { orders, checkout, allOrders: allOrders.length };
  } finally {
    await database.close();
  }
}

describe('a crash after the payment, before the order', () => {
  it(
    'sandbox: killed after 4242 succeeded; restarted, reconciliation makes exactly one order and the browser’s retry gets it',
    async () => {
      const { env, open } = await storage();
      // The sandbox's in-process event would make the order too: held back past the kill.
      const serverEnv = { ...env, SANDBOX_EVENT_DELAY_MS: '600000' };
      const b = browser();
      const first = await spawnServer(serverEnv, spawned);
      const intent = await b.checkout(first, 'velvet-static-unplugged');
      expect(intent.paymentIntentId).toMatch(/^pi_sbx_/);
      expect(await b.confirmSandbox(first, intent.client_secret)).toMatchObject({ status: 'succeeded', error: null });
      await first.kill();
      expect(first.child.signalCode).toBe('SIGKILL');

      const second = await spawnServer(serverEnv, spawned);
      // Reconciliation runs once the server is ready; a busy machine (the PostgreSQL lane) has taken past 10 s.
      const orderId = await firstOrder(second, b, 30_000);
      expect({ orderId, output: orderId ? '' : second.output() }).toEqual({
        orderId: expect.stringMatching(/^ORD-/),
        output: '',
      });

      const retry = await b.cardOrder(second, intent.paymentIntentId);
      expect([retry.status, retry.json.data?.orderId]).toEqual([200, orderId]);
      expect((await b.history(second)).total).toBe(1);
      await second.stop();

      const db = await recorded(open, intent.paymentIntentId);
      expect(db.orders).toEqual([{ order_ref: orderId, status: 'Active', user_id: b.userId }]);
      expect(db.checkout).toEqual({ status: 'ordered' });
      expect(db.allOrders).toBe(1);
    },
    CRASH_CASE_MS,
  );

  describe('stripe', () => {
    let fake: FakeStripe;
    beforeAll(async () => {
      fake = await startFakeStripe({ secretKey: `sk_test_fake${crypto.randomBytes(8).toString('hex')}` });
    });
    afterAll(() => fake?.close());

    it(
      'killed after Stripe charged the card; restarted, the webhook (and reconciliation) make exactly one order and the browser’s retry gets it',
      async () => {
        const { env, open } = await storage();
        const serverEnv = {
          ...env,
          STRIPE_SECRET_KEY: fake.secretKey,
          STRIPE_PUBLISHABLE_KEY: 'pk_test_crash',
          STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
          STRIPE_API_BASE: fake.base,
        };
        const b = browser();
        const first = await spawnServer(serverEnv, spawned);
        const intent = await b.checkout(first, 'ironwood-symphony-the-planets');
        expect(intent.paymentIntentId).toMatch(/^pi_fake_/);
        fake.succeed(intent.paymentIntentId);
        await first.kill();

        const second = await spawnServer(serverEnv, spawned);
        const hook = await fake.sendWebhook(`${second.baseUrl}/v1/payments/webhook`, {
          type: 'payment_intent.succeeded',
          intentId: intent.paymentIntentId,
        });
        expect({ status: hook.status, body: hook.body }).toEqual({
          status: 200,
          body: expect.stringContaining('Order recorded'),
        });
        const orderId = await firstOrder(second, b, 5_000);
        expect(orderId).toMatch(/^ORD-/);

        const retry = await b.cardOrder(second, intent.paymentIntentId);
        expect([retry.status, retry.json.data?.orderId]).toEqual([200, orderId]);
        expect((await b.history(second)).total).toBe(1);
        await second.stop();

        const db = await recorded(open, intent.paymentIntentId);
        expect(db.orders).toEqual([{ order_ref: orderId, status: 'Active', user_id: b.userId }]);
        expect(db.checkout).toEqual({ status: 'ordered' });
        expect(db.allOrders).toBe(1);
        expect(fake.refunds).toEqual([]);
      },
      CRASH_CASE_MS,
    );
  });
});
