// @databases both: smoke — the profile module: a profile read and updated, tokens revoked
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { signInDriver } from '../../../utils/identity';
import { signTestToken } from '../../../utils/signToken';
import { b64 } from '../../../utils/tokens';
import { testClock } from '../../../utils/clock';

const clock = testClock();
let t: TestApp;
let d: ReturnType<typeof signInDriver>;
let ada: Awaited<ReturnType<ReturnType<typeof signInDriver>['signUp']>>;
let bob: typeof ada;
beforeAll(async () => {
  t = await createTestApp({ deps: { now: clock.now } });
  d = signInDriver(t.app);
  ada = await d.signUp('ada@example.com', 'Ada', 'Lovelace');
  bob = await signInDriver(t.app, '10.2.0.2').signUp('bob@example.com', 'Bob', 'Builder');
});
afterAll(() => t.close());

const profileOf = (userId: number, headers: Record<string, string>) =>
  t.app.inject({ url: `/v1/profile/${userId}`, headers });
const update = (payload: object, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/v1/profile/update', payload, headers });
const dbUser = (id: number) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('profile', () => {
  it('answers the caller’s own profile, the first entry carrying emailId', async () => {
    const res = await profileOf(ada.userId, ada.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({
      userId: ada.userId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      emailId: 'ada@example.com',
    });
  });

  it('refuses another user’s profile with 403', async () => {
    const res = await profileOf(bob.userId, ada.auth);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('bob@example.com');
  });

  it('updates the caller’s name and says so', async () => {
    const res = await update({ userId: ada.userId, firstName: 'Augusta Ada', lastName: 'King' }, ada.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profile updated successfully.',
      data: [{ firstName: 'Augusta Ada', lastName: 'King', emailId: 'ada@example.com' }],
    });
    expect(await dbUser(ada.userId)).toMatchObject({ first_name: 'Augusta Ada', last_name: 'King' });
  });

  it('refuses to update another user, and changes nothing', async () => {
    const before = await dbUser(bob.userId);
    const res = await update({ userId: bob.userId, firstName: 'Hacked', lastName: 'X' }, ada.auth);
    expect(res.statusCode).toBe(403);
    expect(await dbUser(bob.userId)).toEqual(before);
  });

  it.each([
    ['', ''],
    ['', 'Lovelace'],
    ['   ', ' '],
  ])(
    'accepts the names %j %j: the spec splits the name and validates nothing else (saved trimmed)',
    async (firstName, lastName) => {
      const res = await update({ firstName, lastName }, bob.auth);
      expect([res.statusCode, res.json().message]).toEqual([200, 'Profile updated successfully.']);
      expect(await dbUser(bob.userId)).toMatchObject({ first_name: firstName.trim(), last_name: lastName.trim() });
    },
  );

  it.each([
    [
      { firstName: 'A', lastName: 'B', emailId: 'new@example.com' },
      'The request has a field we do not accept: emailId.',
    ],
    [{ firstName: 'A', lastName: 'B', verified: true }, 'The request has a field we do not accept: verified.'],
    [{ firstName: 42, lastName: 'B' }, 'First name must be text.'],
    [{ lastName: 'B' }, 'First name is required.'],
    [{ firstName: 'x'.repeat(101), lastName: 'B' }, 'First name must be at most 100 characters.'],
  ])('refuses %j with 400 naming the field in words, and changes nothing', async (payload, message) => {
    const before = await dbUser(bob.userId);
    const res = await update(payload, bob.auth);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await dbUser(bob.userId)).toEqual(before);
  });
});

describe('tokens on user routes', () => {
  const forged = (claims: object) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.c2lnbmF0dXJl`;
  const now = Math.floor(Date.now() / 1000);
  it.each([
    ['no token', {}, 401],
    ['a guest token', { authorization: `Bearer ${signTestToken({ kind: 'guest', sub: 'g' })}` }, 403],
    [
      'a tampered token',
      {
        authorization: `Bearer ${forged({ kind: 'user', sub: '1', userId: 1, name: 'x', email: 'x', iatMs: 1, iss: 'allaccess-storefront', iat: now, exp: now + 60 })}`,
      },
      401,
    ],
    ['alg none', { authorization: `Bearer ${b64({ alg: 'none' })}.${b64({ kind: 'user', userId: 1 })}.` }, 401],
    [
      'an expired token',
      { authorization: `Bearer ${signTestToken({ kind: 'user', sub: '1', userId: 1, name: 'x', email: 'x' }, -10)}` },
      401,
    ],
  ])('%s → %d', async (_name, headers, status) => {
    expect((await profileOf(ada.userId, headers as Record<string, string>)).statusCode).toBe(status);
  });
});

describe('the Authorization scheme', () => {
  // RFC 9110 §11.1: the scheme is case-insensitive; §11.4: one or more spaces before the credentials.
  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])('%s <token> opens the caller’s profile', async (scheme) => {
    const res = await profileOf(ada.userId, { authorization: `${scheme} ${ada.token}` });
    expect([res.statusCode, res.json().data?.[0]?.emailId]).toEqual([200, 'ada@example.com']);
  });

  it.each([
    ['another scheme', (token: string) => `Basic ${token}`],
    ['no space', (token: string) => `bearer${token}`],
    ['no token', () => 'bearer'],
    ['a scheme that only starts with bearer', (token: string) => `Bearerx ${token}`],
  ])('%s is a 401 with the same sentence as before', async (_name, header) => {
    const res = await profileOf(ada.userId, { authorization: header(ada.token) });
    expect([res.statusCode, res.json().message]).toEqual([401, 'Authorization header must be "Bearer <token>"']);
  });
});

describe('logout', () => {
  it('revokes the token on the server; signing in again gives a working one', async () => {
    const carol = await signInDriver(t.app, '10.2.0.3').signUp('carol@example.com', 'Carol', 'C');
    expect((await profileOf(carol.userId, carol.auth)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v1/logout', headers: carol.auth });
    expect(out.json()).toEqual({ success: true, message: 'Logout successfully.', data: null });
    const after = await profileOf(carol.userId, carol.auth);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Token has been revoked');

    clock.advance(61_000); // past the one-code-a-minute rule
    const again = signInDriver(t.app, '10.2.0.4');
    await again.requestLogin('carol@example.com');
    const res = await again.verify('carol@example.com', await again.latestCode('carol@example.com'));
    const fresh = { authorization: `Bearer ${res.json().data[0].token}` };
    expect((await profileOf(carol.userId, fresh)).statusCode).toBe(200);
  });

  it('does not touch other users’ sessions', async () => {
    expect((await profileOf(bob.userId, bob.auth)).statusCode).toBe(200);
  });

  it('needs a user token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/logout' })).statusCode).toBe(401);
  });
});
