// @databases postgres: its outcome does not depend on the kind of database
import { IDENTITY_MESSAGES } from '../../../../src/shared/contract/identityMessages';
import { testClock } from '../../../utils/clock';
import { latestCodeIn, outboxCodeFor } from '../../../utils/mailbox';
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { testConfig } from '../../../utils/testConfig';

const TOO_MANY_ATTEMPTS = IDENTITY_MESSAGES.tooManyAttempts;

/**
 * The audit's lock-out: strangers guessing codes for someone else's address. Their failures may slow
 * that address down, never keep its owner out for longer than 15 minutes; a guesser is stopped per
 * client address (IPv6 by /64). Clients are told apart as behind a real proxy: TRUST_PROXY=loopback,
 * the socket is the proxy, X-Forwarded-For names the client.
 */
const MINUTE = 60_000;
const clock = testClock();
let t: TestApp;
// The per-minute request limits (a plugin counting real time) are raised out of the way: what is
// under test are the failure rules, told apart by their message (the plugin says 'Too many requests…').
const withRoomyRequestLimits = (env: Record<string, string>) => {
  const limits = testConfig(env).limits;
  return { limits: { ...limits, verifyPerMinutePerIp: 10_000, codeRequestsPerMinutePerIp: 10_000 } };
};
beforeAll(async () => {
  const env = { TRUST_PROXY: 'loopback' };
  t = await createTestApp({ env, config: withRoomyRequestLimits(env), deps: { now: clock.now } });
});
afterAll(() => t.close());
beforeEach(() => clock.advance(2 * 60 * MINUTE)); // every test starts past every window of the one before

function from(client: string) {
  const post = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/v1${url}`,
      payload,
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });
  return {
    requestLogin: (emailId: string) => post('/login', { emailId, loginSource: 3 }),
    verify: (emailId: string, otp: string) => post('/verifyotp', { emailId, otp }),
  };
}
// Behind a declared proxy the server shows /dev/mailbox to nobody: codes are read from the outbox table.
const codeFor = async (email: string) => (await outboxCodeFor(t.database.db, email))!;
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
const answer = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

async function owner(email: string) {
  const me = from('203.0.113.50');
  await t.app.inject({
    method: 'POST',
    url: '/v1/register',
    payload: { emailId: email, loginSource: 3 },
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '203.0.113.50' },
  });
  await t.app.inject({
    method: 'POST',
    url: '/v1/verifyotp',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': '203.0.113.50' },
    payload: { emailId: email, otp: await codeFor(email), NewUser: true, firstName: 'Ada', lastName: 'Lovelace' },
  });
  clock.advance(61_000);
  return me;
}

/** Two strangers take turns: a code request for the victim, then five wrong codes, ten rounds (the audit's walk). */
async function strangersAttack(email: string, clients: string[], rounds = 10) {
  const seen: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const stranger = from(clients[round % clients.length]!);
    seen.push((await stranger.requestLogin(email)).statusCode);
    for (let i = 0; i < 5; i += 1) seen.push((await stranger.verify(email, '000000')).statusCode);
    clock.advance(61_000); // past the one-code-a-minute rule
  }
  return seen;
}

describe("strangers' failures slow an address down, never lock its owner out for more than 15 minutes", () => {
  it('the audit: ten rounds of a code request and five wrong codes from two addresses; the owner signs in within 15 minutes', async () => {
    const email = 'victim@example.com';
    const me = await owner(email);
    const lockStarts = clock.now();
    const seen = await strangersAttack(email, ['198.51.100.1', '198.51.100.2']);
    // Two rounds: four wrong codes, then the fifth kills the code (429). Ten failures, and from then on
    // everything is refused: nothing more is tried, so nothing more fails.
    const round = [200, 400, 400, 400, 400, 429];
    expect(seen.slice(0, 12)).toEqual([...round, ...round]);
    expect(seen.slice(12)).toEqual(Array(48).fill(429));
    const failures = await t.database.db
      .selectFrom('login_failures')
      .select('client')
      .where('email', '=', email)
      .execute();
    expect(failures).toHaveLength(10);

    // The owner, meanwhile, is slowed down too...
    expect(answer(await me.requestLogin(email))).toEqual([429, TOO_MANY_ATTEMPTS]);
    // ...but not for longer than 15 minutes from the first failure, however long the strangers went on.
    clock.set(lockStarts + 15 * MINUTE + 1000);
    expect((await me.requestLogin(email)).statusCode).toBe(200);
    const signedIn = await me.verify(email, await codeFor(email));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data[0].emailId).toBe(email);
  });

  it('strangers who come back as soon as the slowdown ends start a new one of at most 15 minutes; the owner gets in between', async () => {
    const email = 'again@example.com';
    const me = await owner(email);
    for (let episode = 0; episode < 3; episode += 1) {
      const started = clock.now();
      await strangersAttack(email, [`198.51.100.${10 + episode}`, `198.51.100.${20 + episode}`], 3);
      expect((await me.requestLogin(email)).statusCode).toBe(429);
      clock.set(started + 15 * MINUTE + 1000);
      expect((await me.requestLogin(email)).statusCode).toBe(200);
      clock.advance(61_000);
    }
  });

  it('a slowed-down address refuses even the right code until its window ends (it is a slowdown, not a bypass)', async () => {
    const email = 'slowed@example.com';
    const me = await owner(email);
    expect((await me.requestLogin(email)).statusCode).toBe(200);
    const code = await codeFor(email);
    await strangersAttack(email, ['198.51.100.30', '198.51.100.31'], 2);
    expect(answer(await me.verify(email, code))).toEqual([429, TOO_MANY_ATTEMPTS]);
  });
});

describe('a guesser is stopped per client address', () => {
  it('30 failures in an hour from one client, across many addresses, stop that client; others are served', async () => {
    const guesser = from('198.51.100.40');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const email = `target-${i}@example.com`;
      await t.app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { emailId: email, loginSource: 3 },
        remoteAddress: '10.9.9.9',
      });
      for (let n = 0; n < 4; n += 1)
        statuses.push((await guesser.verify(email, wrong(await codeFor(email)))).statusCode);
    }
    // Each address saw four failures (below its own limit); the client saw 30, then was refused.
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses.slice(30)).toEqual([429, 429]);
    expect(answer(await guesser.verify('target-7@example.com', '000000'))).toEqual([429, TOO_MANY_ATTEMPTS]);
    const register = (client: string, emailId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/register',
        payload: { emailId, loginSource: 3 },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
    expect(answer(await register('198.51.100.40', 'new-victim@example.com'))).toEqual([429, TOO_MANY_ATTEMPTS]);

    // The targets' owners, from their own addresses, are not affected.
    clock.advance(61_000);
    expect((await register('203.0.113.77', 'target-0@example.com')).statusCode).toBe(200);
    const signedUp = await t.app.inject({
      method: 'POST',
      url: '/v1/verifyotp',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.77' },
      payload: {
        emailId: 'target-0@example.com',
        otp: await codeFor('target-0@example.com'),
        NewUser: true,
        firstName: 'T',
        lastName: 'Zero',
      },
    });
    expect(signedUp.statusCode).toBe(200);

    // An hour after its failures, the client may try again (the old code has expired meanwhile).
    clock.advance(60 * MINUTE);
    expect(answer(await guesser.verify('target-7@example.com', '000000'))).toEqual([
      400,
      'This code has expired. Request a new one.',
    ]);
  });

  it('counts IPv6 clients by /64: a neighbour in the same /64 shares the budget, another /64 has its own', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const email = `v6-${Math.floor(i / 4)}@example.com`;
      if (i % 4 === 0)
        await t.app.inject({
          method: 'POST',
          url: '/v1/register',
          payload: { emailId: email, loginSource: 3 },
          remoteAddress: '10.9.9.8',
        });
      // A different address of the same /64 for each guess.
      statuses.push(
        (await from(`2001:db8:aa:bb::${(i + 1).toString(16)}`).verify(email, wrong(await codeFor(email)))).statusCode,
      );
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
    expect(answer(await from('2001:db8:aa:bb:ffff::1').verify('v6-7@example.com', '000000'))).toEqual([
      429,
      TOO_MANY_ATTEMPTS,
    ]);
    expect((await from('2001:db8:aa:bc::1').verify('v6-7@example.com', '000000')).statusCode).toBe(400);
  });

  it('X-Forwarded-For is believed only from a trusted proxy: without TRUST_PROXY every header rides on the socket address', async () => {
    const plain = await createTestApp({ config: withRoomyRequestLimits({}), deps: { now: clock.now } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i += 1) {
        const email = `spoof-${Math.floor(i / 4)}@example.com`;
        if (i % 4 === 0)
          await plain.app.inject({
            method: 'POST',
            url: '/v1/register',
            payload: { emailId: email, loginSource: 3 },
            remoteAddress: '10.9.9.7',
          });
        const code = latestCodeIn((await plain.app.inject({ url: '/dev/mailbox.json' })).json(), email)!;
        const res = await plain.app.inject({
          method: 'POST',
          url: '/v1/verifyotp',
          payload: { emailId: email, otp: wrong(code) },
          remoteAddress: '198.51.100.60',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
        });
        statuses.push(res.statusCode);
        if (i === 30) expect(res.json().message).toBe(TOO_MANY_ATTEMPTS);
      }
      expect(statuses).toEqual([...Array(30).fill(400), 429]);
    } finally {
      await plain.close();
    }
  });
});

describe('old failures are cleared away', () => {
  it('rows older than every window are deleted when a failure is recorded', async () => {
    const old = new Date(clock.now() - 3 * 60 * MINUTE);
    await t.database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 5 }, () => ({ email: 'old@example.com', client: '198.51.100.90', failed_at: old })))
      .execute();
    clock.advance(11 * MINUTE); // past the sweep's own interval
    await t.app.inject({
      method: 'POST',
      url: '/v1/register',
      payload: { emailId: 'sweep@example.com', loginSource: 3 },
      remoteAddress: '10.9.9.6',
    });
    await from('198.51.100.91').verify('sweep@example.com', wrong(await codeFor('sweep@example.com')));
    expect(
      await t.database.db.selectFrom('login_failures').select('email').where('email', '=', 'old@example.com').execute(),
    ).toEqual([]);
  });
});
