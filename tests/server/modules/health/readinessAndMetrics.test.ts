// @databases both: smoke — the health module: readiness pings and pool figures
import { sql } from 'kysely';
import { cartTestApp } from '../../../utils/cart';
import { CARDS, checkoutDriver } from '../../../utils/checkout';
import { whileSchemasChurn } from '../../../utils/schemaChurn';
import { createTestApp, type TestApp } from '../../../utils/testApp';

/**
 * /readyz tells a load balancer whether to send traffic: the database, Redis when configured (see
 * instances/sharedLimits.test.ts) and a schema at this build's newest migration. /metrics speaks
 * Prometheus' text format to this machine's own callers (loopback socket, no forwarding header of any
 * kind, a loopback Host, no proxy declared) and to the clients METRICS_ALLOW names, their address
 * resolved through trusted proxies only; to anyone else a plain 404.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const metricsFrom = (remoteAddress: string, headers: Record<string, string> = {}, app = t.app) =>
  app.inject({ url: '/metrics', remoteAddress, headers });

/** A sample's value in the text format, or undefined when the line is absent. */
function sample(text: string, line: RegExp): number | undefined {
  const found = text.split('\n').find((l) => line.test(l));
  return found === undefined ? undefined : Number(found.split(' ').pop());
}

describe('GET /readyz', () => {
  it('is ready with the database up, no Redis configured and the schema at head', async () => {
    // An app built here never starts its live ingest (main.ts does, once listening): 'starting'.
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: 'up',
      redis: 'not configured',
      migrations: 'at head',
      ingest: { state: 'starting', reason: null },
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration is pending (an instance of a newer build on an old schema)', async () => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
      t.database.db,
    );
    const newest = rows[0]!.name;
    await sql`delete from kysely_migration where name = ${newest}`.execute(t.database.db);
    try {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        database: 'up',
        redis: 'not configured',
        migrations: 'pending',
        ingest: { state: 'starting', reason: null },
      });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${newest}, ${new Date().toISOString()})`.execute(
        t.database.db,
      );
    }
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  // Declared in the PostgreSQL run only: the embedded database has this server as its only session,
  // so no one else can drop anything there.
  if (process.env.TEST_DB_KIND === 'postgres')
    it('stays ready while another schema of the same database is created and dropped', async () => {
      // Another application (or another test run) sharing the database changes its own schema. Kysely's
      // getMigrations() scanned every table of every schema, and failed on one dropped mid-scan.
      const { result: answers, churned } = await whileSchemasChurn(async (churnedSoFar) => {
        const seen: string[] = [];
        // At least 150 answers, and on until a few schemas came and went (bounded, so a stuck churn fails).
        for (let i = 0; i < 150 || (churnedSoFar() <= 5 && i < 5000); i += 1) {
          const res = await t.app.inject({ url: '/readyz' });
          seen.push(`${res.statusCode} ${res.json().migrations}`);
        }
        return seen;
      });
      expect(churned).toBeGreaterThan(5);
      expect(answers.filter((a) => a !== '200 at head')).toEqual([]);
    });
});

describe('GET /metrics', () => {
  it('answers loopback in Prometheus format: request latency by route and status, orders, refusals, pool use', async () => {
    for (let i = 0; i <= t.config.limits.guestTokensPerMinutePerIp; i += 1)
      await t.app.inject({ url: '/v1/token/guest', remoteAddress: '198.51.100.77' });
    // Protected media are counted on arrival, refused ones too: what reached the origin past the edge.
    expect((await t.app.inject({ url: '/media/signed/not-a-signed-path.ts' })).statusCode).toBe(404);
    const res = await metricsFrom('127.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(
      sample(text, /^http_request_duration_seconds_count\{method="GET",route="\/v1\/token\/guest",status_code="200"\}/),
    ).toBe(t.config.limits.guestTokensPerMinutePerIp);
    expect(sample(text, /^storefront_rate_limit_refusals_total\{route="\/v1\/token\/guest"\}/)).toBe(1);
    expect(sample(text, /^storefront_media_requests_total /)).toBe(1);
    for (const name of [
      'storefront_orders_placed_total',
      'storefront_payment_failures_total',
      'storefront_refunds_total',
      'storefront_viewing_sessions_open',
    ]) {
      expect(sample(text, new RegExp(`^${name} `))).toBe(0);
    }
    expect(sample(text, /^storefront_db_pool_connections\{state="max"\}/)).toBeGreaterThan(0);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('is a 404 for other networks, and for anyone through a proxy the server does not believe', async () => {
    for (const res of [
      await metricsFrom('203.0.113.9'),
      await metricsFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it.each([
    ['X-Real-IP', '203.0.113.9'],
    ['Forwarded', 'for=203.0.113.9'],
    ['Via', '1.1 nginx'],
    ['X-Forwarded-Host', 'shop.example.com'],
    ['True-Client-IP', '203.0.113.9'],
  ])('is a 404 for a loopback request carrying %s (forwarded by a proxy on this host)', async (name, value) => {
    const res = await metricsFrom('127.0.0.1', { [name]: value });
    expect([res.statusCode, res.body.includes('http_request_duration_seconds')]).toEqual([404, false]);
  });

  it('is a 404 for a loopback request under another Host (a DNS-rebinding page, a proxy passing the name on)', async () => {
    for (const host of ['shop.example.com', 'evil.example:3000']) {
      expect([host, (await metricsFrom('127.0.0.1', { host })).statusCode]).toEqual([host, 404]);
    }
    expect((await metricsFrom('127.0.0.1', { host: 'localhost:3000' })).statusCode).toBe(200);
  });

  it('with a proxy declared (TRUST_PROXY), loopback is not enough: only the clients METRICS_ALLOW names', async () => {
    const behind = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
    const allowing = await createTestApp({ env: { TRUST_PROXY: 'loopback', METRICS_ALLOW: 'loopback' } });
    try {
      expect((await metricsFrom('127.0.0.1', {}, behind.app)).statusCode).toBe(404);
      expect((await metricsFrom('127.0.0.1', {}, allowing.app)).statusCode).toBe(200);
      // Through the proxy, the client it names is the one checked: a visitor elsewhere is refused.
      expect((await metricsFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }, allowing.app)).statusCode).toBe(404);
    } finally {
      await behind.close();
      await allowing.close();
    }
  });

  it('METRICS_ALLOW is checked against the client as resolved through trusted proxies only', async () => {
    const other = await createTestApp({
      env: { TRUST_PROXY: '10.0.0.1', METRICS_ALLOW: '203.0.113.0/24, 10.0.0.0/8' },
    });
    const status = async (remoteAddress: string, headers: Record<string, string> = {}) =>
      (await metricsFrom(remoteAddress, headers, other.app)).statusCode;
    try {
      expect(await status('10.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(200);
      expect(await status('10.0.0.1', { 'x-forwarded-for': '198.51.100.1' })).toBe(404);
      expect(await status('10.0.0.1', { 'x-forwarded-for': '203.0.113.9, 198.51.100.1' })).toBe(404);
      expect(await status('203.0.113.9')).toBe(200);
      // A caller that is not the proxy cannot name itself an allowed client, nor can an undeclared proxy.
      expect(await status('198.51.100.1', { 'x-forwarded-for': '203.0.113.9' })).toBe(404);
      expect(await status('10.0.0.7', { 'x-forwarded-for': '198.51.100.1' })).toBe(404);
      expect(await status('10.0.0.7', { 'x-real-ip': '198.51.100.1' })).toBe(404);
      // The trusted proxy naming its client some other way: the socket's address is the proxy's, not the client's.
      expect(await status('10.0.0.1', { 'x-real-ip': '198.51.100.1' })).toBe(404);
      expect(await status('10.0.0.1', { forwarded: 'for=198.51.100.1' })).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('answers the networks METRICS_ALLOW names, and only those', async () => {
    const other = await createTestApp({ env: { METRICS_ALLOW: '203.0.113.0/24, 2001:db8::/32' } });
    try {
      expect((await metricsFrom('203.0.113.9', {}, other.app)).statusCode).toBe(200);
      expect((await metricsFrom('2001:db8::5', {}, other.app)).statusCode).toBe(200);
      expect((await metricsFrom('198.51.100.1', {}, other.app)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});

it('counts a declined card and a placed order as they happen', async () => {
  const { t: shop, d, ids } = await cartTestApp();
  try {
    const c = checkoutDriver(shop.app, shop.config.jwtSecret);
    const read = async (name: string) =>
      sample((await metricsFrom('127.0.0.1', {}, shop.app)).body, new RegExp(`^${name} `));
    const who = await d.user('metrics');
    expect((await d.add(who, { asset_id: ids['cart-a'] })).statusCode).toBe(200);
    const intent = (await c.intent(who, await c.totalCents(who))).json().data;
    expect((await c.confirm(who, intent.client_secret, CARDS.declined)).json().data.status).toBe(
      'requires_payment_method',
    );
    expect(await read('storefront_payment_failures_total')).toBe(1);
    expect(await read('storefront_orders_placed_total')).toBe(0);
    expect((await c.confirm(who, intent.client_secret, CARDS.visa)).json().data.status).toBe('succeeded');
    expect((await c.cardOrder(who, intent.paymentIntentId)).statusCode).toBe(200);
    expect(await read('storefront_orders_placed_total')).toBe(1);
    expect(await read('storefront_payment_failures_total')).toBe(1);
  } finally {
    await shop.close();
  }
});
