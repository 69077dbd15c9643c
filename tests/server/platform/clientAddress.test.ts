import os from 'node:os';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * Rate limits count clients by address. Without TRUST_PROXY the socket's address is the client's and
 * X-Forwarded-For means nothing (anyone can write it); with it, the proxy's header names the client.
 * Probed with the newsletter sign-up: 10 a minute per client.
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

describe('TRUST_PROXY=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('two clients behind the same proxy have separate budgets', async () => {
    expect(await statuses(11, (i) => signUp(t, i, '10.0.0.1', '203.0.113.7'))).toEqual([...TEN_OK, 429]);
    expect(await statuses(10, (i) => signUp(t, i, '10.0.0.1', '203.0.113.8'))).toEqual(TEN_OK);
  });

  it('believes only the nearest hop: an address the client prepended does not give it a new budget', async () => {
    expect(await statuses(11, (i) => signUp(t, i, '10.0.0.1', `192.0.2.${i}, 203.0.113.50`))).toEqual([...TEN_OK, 429]);
  });
});

describe('TRUST_PROXY values', () => {
  const load = (value: string) => loadConfig({ DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(40), TRUST_PROXY: value });
  it('accepts a hop count or a list of addresses and ranges', () => {
    expect(load('2').trustProxy).toBe(2);
    expect(load('10.0.0.1, 192.168.0.0/16,::1,loopback').trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
  });
  it.each(['true', 'proxy.example.com', '10.0.0.0/40', '1,2'])('refuses %s, naming the variable', (value) => {
    expect(() => load(value)).toThrow(ConfigError);
    try {
      load(value);
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([expect.stringMatching(/^TRUST_PROXY: must be a hop count/)]);
    }
  });
});
