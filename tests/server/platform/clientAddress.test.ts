// @databases postgres: its outcome does not depend on the kind of database
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * Rate limits count clients by address. Without TRUST_PROXY the socket's address is the client's and
 * X-Forwarded-For means nothing (anyone can write it); with it, the header names the client only when the
 * socket is one of the proxies TRUST_PROXY names. Probed with the newsletter sign-up (10 a minute per
 * client) and guest tokens (60 a minute per address).
 */
const signUp = (t: TestApp, n: number, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/public/newsletter',
    remoteAddress,
    payload: { email: `fan${n}-${Math.random()}@example.com` },
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });
const statuses = async (count: number, send: (i: number) => ReturnType<typeof signUp>) => {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) out.push((await send(i)).statusCode);
  return out;
};
const TEN_OK = Array(10).fill(200);

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('X-Forwarded-For changes nothing: one socket address, one budget', async () => {
    const answers = await statuses(11, (i) => signUp(t, i, '10.0.0.5', `198.51.100.${i}`));
    expect(answers).toEqual([...TEN_OK, 429]);
  });

  it('counts IPv6 clients by /64: neighbours share a budget, another network has its own', async () => {
    const answers = await statuses(11, (i) => signUp(t, i, `2001:db8:aa:bb::${(i + 1).toString(16)}`));
    expect(answers).toEqual([...TEN_OK, 429]);
    expect((await signUp(t, 99, '2001:db8:aa:bb:ffff:ffff:ffff:ffff')).statusCode).toBe(429);
    expect((await signUp(t, 100, '2001:db8:aa:bc::1')).statusCode).toBe(200);
  });

  it('counts an IPv4 client the same whether it arrives as IPv4 or IPv4-mapped IPv6 (dual-stack HOST=::)', async () => {
    const answers = await statuses(11, (i) => signUp(t, i, i % 2 ? '::ffff:198.51.100.20' : '198.51.100.20'));
    expect(answers).toEqual([...TEN_OK, 429]);
    expect((await signUp(t, 101, '::ffff:198.51.100.21')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY naming the proxy (10.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.0.0.1' } });
  });
  afterAll(() => t.close());

  it('two clients behind the same proxy have separate budgets', async () => {
    expect(await statuses(11, (i) => signUp(t, i, '10.0.0.1', '203.0.113.7'))).toEqual([...TEN_OK, 429]);
    expect(await statuses(10, (i) => signUp(t, i, '10.0.0.1', '203.0.113.8'))).toEqual(TEN_OK);
  });

  it('believes only the proxy: an address the client prepended does not give it a new budget', async () => {
    expect(await statuses(11, (i) => signUp(t, i, '10.0.0.1', `192.0.2.${i}, 203.0.113.50`))).toEqual([...TEN_OK, 429]);
  });

  // The outside tests' walk-around: with a hop count, a caller reaching the instance directly wrote a new
  // X-Forwarded-For each time and fetched 70 guest tokens against a limit of 60 a minute per address.
  const guestToken = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({ url: '/v1/token/guest', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });

  it('a direct caller forging a new X-Forwarded-For each time is counted by its own address: 60, then 429', async () => {
    const limit = t.config.limits.guestTokensPerMinutePerIp;
    expect(limit).toBe(60);
    const answers: number[] = [];
    for (let i = 0; i < 70; i += 1) answers.push((await guestToken('198.51.100.66', `203.0.113.${i}`)).statusCode);
    expect(answers).toEqual([...Array(limit).fill(200), ...Array(70 - limit).fill(429)]);
  });

  it('the same 70 through the trusted proxy, each from another client, are counted per client', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 70; i += 1) answers.push((await guestToken('10.0.0.1', `192.0.2.${i}`)).statusCode);
    expect(answers).toEqual(Array(70).fill(200));
  });
});

describe('TRUST_PROXY values', () => {
  const load = (value: string) => loadConfig({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: value });
  const problemOf = (value: string) => {
    try {
      load(value);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('accepts a list of addresses, ranges and proxy-addr names', () => {
    expect(load('10.0.0.1, 192.168.0.0/16,::1,loopback').trustedProxies).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40) }).trustedProxies).toEqual([]);
  });

  it.each(['1', '2', 'true', 'TRUE', '10.0.0.1,1'])(
    'refuses %s (a hop count or true believes any direct caller) in one line naming the variable',
    (value) => {
      expect(problemOf(value)).toEqual([
        expect.stringMatching(/^TRUST_PROXY: must name the proxies to believe .*not a hop count or true/),
      ]);
    },
  );

  it.each(['proxy.example.com', '10.0.0.0/40', 'false'])('refuses %s, naming the variable', (value) => {
    expect(problemOf(value)).toEqual([expect.stringMatching(/^TRUST_PROXY: must be a comma-separated list/)]);
  });

  it('stops the server at start with exit code 78, naming TRUST_PROXY', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, TRUST_PROXY: '1', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'trust-proxy-')) },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/Configuration error: TRUST_PROXY: must name the proxies to believe/);
  });
});
