import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { LIMITS_UNAVAILABLE } from '../../src/server/platform/sharedLimits';
import { cartDriver, loadCartFixture } from '../utils/cart';
import { signInDriver } from '../utils/identity';
import { createTestApp, type TestApp } from '../utils/testApp';
import { testConfig } from '../utils/testConfig';
import { dropRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../utils/testRedis';

/**
 * N instances, one shop: with REDIS_URL every rate limit is counted once for all instances. Two
 * apps over one database stand for two processes (the cluster suite runs real ones behind nginx).
 * The control runs the same calls without Redis: each instance then allows the whole limit, 2L.
 */
const prefix = uniqueRedisPrefix();
let t: TestApp;
let b: FastifyInstance;
let c: FastifyInstance;
let cartAsset: number;
beforeAll(async () => {
  t = await createTestApp({ env: { REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix } });
  b = await buildApp(testConfig({ REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix }), { database: t.database });
  cartAsset = (await loadCartFixture(t.database.db)).ids['cart-a']!;
});
afterAll(async () => {
  await b?.close();
  await c?.close();
  await t?.close();
  await dropRedisPrefix(prefix);
});

/** Calls `count` times, alternating between the instances, and answers the statuses. */
async function alternate(
  apps: FastifyInstance[],
  count: number,
  call: (app: FastifyInstance, i: number) => Promise<{ statusCode: number }>,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await call(apps[i % apps.length]!, i)).statusCode);
  return statuses;
}
const refused = (s: number[]) => s.filter((x) => x === 429).length;

it('a per-minute limit of L holds at L across two instances, not 2L', async () => {
  const limit = t.config.limits.codeRequestsPerMinutePerIp;
  const statuses = await alternate([t.app, b], limit + 6, (app, i) =>
    signInDriver(app, '192.0.2.10').requestRegister(`shared-${i}@example.com`),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
  expect(refused(statuses)).toBe(6);
});

it('guest tokens per address: L for both instances together', async () => {
  const limit = t.config.limits.guestTokensPerMinutePerIp;
  const statuses = await alternate([t.app, b], limit + 2, (app) =>
    app.inject({ url: '/v1/token/guest', remoteAddress: '192.0.2.11' }),
  );
  expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
  expect(refused(statuses)).toBe(2);
});

it('control: without Redis each instance counts alone, so two allow 2L', async () => {
  const alone = await buildApp(testConfig(), { database: t.database });
  const other = await buildApp(testConfig(), { database: t.database });
  try {
    const limit = t.config.limits.codeRequestsPerMinutePerIp;
    const statuses = await alternate([alone, other], 2 * limit, (app, i) =>
      signInDriver(app, '192.0.2.12').requestRegister(`alone-${i}@example.com`),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(2 * limit);
  } finally {
    await alone.close();
    await other.close();
  }
});

describe('Redis unavailable', () => {
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    c = await buildApp(testConfig({ REDIS_URL: 'redis://127.0.0.1:1', REDIS_PREFIX: prefix }), {
      database: t.database,
    });
  });

  it('sign-in fails closed: 503 with a sentence, for codes, verification and the e-mail check', async () => {
    const d = signInDriver(c, '192.0.2.20');
    for (const res of [
      await d.requestLogin('closed@example.com'),
      await d.requestRegister('closed@example.com'),
      await d.verify('closed@example.com', '123456'),
      await d.checkUser('closed@example.com'),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ success: false, message: LIMITS_UNAVAILABLE });
    }
    // Nothing was mailed: the refusal came before the code.
    const box = (await c.inject({ url: '/dev/mailbox.json' })).json() as { to: string }[];
    expect(JSON.stringify(box)).not.toContain('closed@example.com');
  });

  it('browsing, carts and the guest token keep working (limits fail open)', async () => {
    const d = cartDriver(c);
    const guest = await d.guest('open');
    expect(guest.authorization).toMatch(/^Bearer ey/);
    expect((await c.inject({ url: '/v1/carousel', headers: { authorization: guest.authorization } })).statusCode).toBe(
      200,
    );
    expect((await d.add(guest, { asset_id: cartAsset })).statusCode).toBe(200);
    expect((await d.get(guest)).statusCode).toBe(200);
    expect((await d.apply(guest, { coupon_code: 'NOSUCHCODE' })).statusCode).toBe(400);
  });

  it('readiness is red while Redis is down; liveness stays green', async () => {
    const ready = await c.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'unavailable',
      database: 'up',
      redis: 'down',
      migrations: 'at head',
      ingest: { state: 'starting', reason: null },
    });
    expect((await c.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

it('readiness is green with the database and Redis up and the schema at head', async () => {
  const ready = await b.inject({ url: '/readyz' });
  expect(ready.json()).toEqual({
    status: 'ready',
    database: 'up',
    redis: 'up',
    migrations: 'at head',
    ingest: { state: 'starting', reason: null },
  });
  expect(ready.statusCode).toBe(200);
});
