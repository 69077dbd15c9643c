// @databases both: smoke — the identity module: users, codes and their expiry
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { testClock } from '../../../utils/clock';
import { signInDriver } from '../../../utils/identity';
import { testTokens } from '../../../utils/tokens';

const clock = testClock();
let t: TestApp;
let d: ReturnType<typeof signInDriver>;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
  d = signInDriver(t.app);
});
afterAll(() => t.close());
// Each test's code requests are a minute apart from the last test's, and come from an address of their
// own, so the resend rule and the per-IP limit stay out of the way of the rule under test.
let ipCounter = 0;
beforeEach(() => {
  clock.advance(61_000);
  ipCounter += 1;
  d = signInDriver(t.app, `10.1.${ipCounter}.1`);
});

const MINUTE = 60_000;

describe('a new account', () => {
  it('is told apart by checkuser, gets a code by e-mail, and needs first and last name to verify', async () => {
    const email = 'New.Fan@Example.com';
    const check = await d.checkUser(email);
    expect(check.json()).toMatchObject({ success: false, data: { exists: false, verified: false } });

    const sent = await d.requestRegister(email);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      success: true,
      message: 'We sent a sign-in code to new.fan@example.com.',
      data: [{ verified: false }],
    });
    expect(sent.json().data[0]).toEqual({ verified: false });
    const code = await d.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const noNames = await d.verify(email, code);
    expect(noNames.statusCode).toBe(400);
    expect(noNames.json().message).toBe('First name is required for a new account.');

    const ok = await d.verify(email, code, { firstName: 'Nia', lastName: 'Fan' });
    expect(ok.statusCode).toBe(200);
    const session = ok.json().data[0];
    expect(session).toMatchObject({
      firstName: 'Nia',
      lastName: 'Fan',
      emailId: 'new.fan@example.com',
      verified: true,
    });
    expect(session.userId).toBe(session.id);
    const claims = await testTokens(clock.now).verify(session.token);
    expect(claims).toMatchObject({
      kind: 'user',
      userId: session.userId,
      name: 'Nia Fan',
      email: 'new.fan@example.com',
    });

    expect((await d.checkUser('NEW.FAN@example.com')).json()).toMatchObject({
      success: true,
      data: { exists: true, verified: true },
    });
  });

  it('cannot register an e-mail that already has a verified account (409), whatever its case', async () => {
    await d.signUp('taken@example.com');
    clock.advance(MINUTE);
    const res = await d.requestRegister('TAKEN@example.com');
    expect(res.statusCode).toBe(409);
  });
});

describe('an existing account', () => {
  it('signs in with a code and no names', async () => {
    const { userId } = await d.signUp('regular@example.com', 'Reg', 'Ular');
    clock.advance(MINUTE);
    const sent = await d.requestLogin('regular@example.com');
    // Whoever asks for a code has proved nothing yet: the answer names no one.
    expect(sent.json().data[0]).toEqual({ verified: true });
    expect(sent.body).not.toMatch(/Reg|Ular/);
    const res = await d.verify('regular@example.com', await d.latestCode('regular@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatchObject({ userId, firstName: 'Reg', lastName: 'Ular' });
  });

  it('unknown to login: 404, and no mail is sent', async () => {
    const before = (await t.app.inject({ url: '/dev/mailbox.json' })).json().length;
    expect((await d.requestLogin('nobody@example.com')).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/dev/mailbox.json' })).json()).toHaveLength(before);
  });

  it('that was never verified gives its names when verifying', async () => {
    await t.database.db
      .insertInto('users')
      .values({ email: 'half@example.com', first_name: '', last_name: '', verified: false })
      .execute();
    expect((await d.checkUser('half@example.com')).json().data).toEqual({ exists: true, verified: false });
    const sent = await d.requestLogin('half@example.com');
    expect(sent.json().data[0].verified).toBe(false);
    const code = await d.latestCode('half@example.com');
    expect((await d.verify('half@example.com', code)).statusCode).toBe(400);
    const ok = await d.verify('half@example.com', code, { firstName: 'Half', lastName: 'Way' });
    expect(ok.json().data[0]).toMatchObject({ firstName: 'Half', lastName: 'Way', verified: true });
  });
});

describe('code rules', () => {
  it('five wrong tries kill the code; the right one is then refused too', async () => {
    await d.requestRegister('guesser@example.com');
    const code = await d.latestCode('guesser@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: [number, string][] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await d.verify('guesser@example.com', wrong, { firstName: 'G', lastName: 'S' });
      answers.push([res.statusCode, res.json().message]);
    }
    expect(answers).toEqual([
      [400, 'That code is not right. 4 tries left.'],
      [400, 'That code is not right. 3 tries left.'],
      [400, 'That code is not right. 2 tries left.'],
      [400, 'That code is not right. 1 try left.'],
      [429, 'Too many attempts. Try again later.'],
    ]);
    const right = await d.verify('guesser@example.com', code, { firstName: 'G', lastName: 'S' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many attempts. Try again later.');
  });

  it('expires after 10 minutes', async () => {
    await d.requestRegister('late@example.com');
    const code = await d.latestCode('late@example.com');
    clock.advance(10 * MINUTE + 1000);
    const res = await d.verify('late@example.com', code, { firstName: 'L', lastName: 'Ate' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Request a new one.');
  });

  it('works once', async () => {
    await d.requestRegister('once@example.com');
    const code = await d.latestCode('once@example.com');
    expect((await d.verify('once@example.com', code, { firstName: 'O', lastName: 'Nce' })).statusCode).toBe(200);
    const again = await d.verify('once@example.com', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/no active code/);
  });

  it('one of two verifications sent at once wins', async () => {
    await d.requestRegister('twice@example.com');
    const code = await d.latestCode('twice@example.com');
    const results = await Promise.all(
      [1, 2].map(() => d.verify('twice@example.com', code, { firstName: 'T', lastName: 'Wice' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(
      await t.database.db.selectFrom('users').selectAll().where('email', '=', 'twice@example.com').execute(),
    ).toHaveLength(1);
  });

  it('a new code is refused within 60 seconds, then replaces the old one', async () => {
    await d.requestRegister('eager@example.com');
    const first = await d.latestCode('eager@example.com');
    clock.advance(30_000);
    const early = await d.requestRegister('eager@example.com');
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Please wait 30 seconds before asking for a new code.');
    clock.advance(30_000);
    expect((await d.requestRegister('eager@example.com')).statusCode).toBe(200);
    const second = await d.latestCode('eager@example.com');
    if (second !== first) {
      expect((await d.verify('eager@example.com', first, { firstName: 'E', lastName: 'Ager' })).statusCode).toBe(400);
    }
    expect((await d.verify('eager@example.com', second, { firstName: 'E', lastName: 'Ager' })).statusCode).toBe(200);
  });

  it('stores codes hashed, never as sent', async () => {
    await d.requestRegister('hashed@example.com');
    const code = await d.latestCode('hashed@example.com');
    const row = await t.database.db
      .selectFrom('login_codes')
      .selectAll()
      .where('email', '=', 'hashed@example.com')
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(code);
  });

  it.each([
    [{ emailId: 'x@example.com', otp: '12345' }, /^Code must be exactly 6 digits\.$/],
    [{ emailId: 'x@example.com', otp: 'abcdef' }, /^Code must be exactly 6 digits\.$/],
    [{ emailId: 'not-an-email', otp: '123456' }, /^E-mail address must look like name@example\.com\.$/],
    [{ otp: '123456' }, /^E-mail address is required\.$/],
    [{ emailId: 'x@example.com', otp: '123456', admin: true }, /^The request has a field we do not accept: admin\.$/],
  ])('refuses %j with 400 naming the field in words', async (payload, message) => {
    const res = await d.post('/verifyotp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('per-IP limits', () => {
  it('answers 429 past 10 code requests a minute from one address', async () => {
    const fromOneIp = signInDriver(t.app, '10.99.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await fromOneIp.requestRegister(`ip${i}@example.com`)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
