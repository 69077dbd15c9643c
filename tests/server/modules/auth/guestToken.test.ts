// @databases both: smoke — the auth module: guest tokens written and read
import crypto from 'node:crypto';
import { deriveKeys } from '../../../../src/server/modules/auth/keys';
import { TOKEN_AUDIENCE } from '../../../../src/server/modules/auth/tokens';
import { latestCodeIn } from '../../../utils/mailbox';
import { TEST_JWT_SECRET } from '../../../utils/testConfig';
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { b64, testTokens } from '../../../utils/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/token/guest', () => {
  it('issues a signed guest token in the envelope and stores the guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/token/guest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.any(String) });
    const claims = await testTokens().verify(body.data);
    expect(claims.kind).toBe('guest');
    const row = await t.database.db.selectFrom('guests').selectAll().where('id', '=', claims.sub).executeTakeFirst();
    expect(row).toBeDefined();
  });

  it('gives every caller a different guest', async () => {
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ url: '/v1/token/guest' })));
    const [ca, cb] = await Promise.all([a!, b!].map((r) => testTokens().verify(r.json().data)));
    expect(ca!.sub).not.toBe(cb!.sub);
  });

  it('ignores a stale or broken bearer: it is how a browser gets a fresh token', async () => {
    const res = await t.app.inject({ url: '/v1/token/guest', headers: { authorization: 'Bearer not.a.token' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('tokens on other routes', () => {
  const url = '/misc/data?filter=' + encodeURIComponent('{"key":["demoUse"]}');

  it('accepts a valid guest token', async () => {
    const token = await testTokens().sign({ kind: 'guest', sub: 'g-1' }, 60);
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['garbage', 'Bearer abc'],
    ['not a bearer scheme', 'Basic dXNlcjpwYXNz'],
  ])('refuses %s with 401 in the envelope', async (_name, header) => {
    const res = await t.app.inject({ url, headers: { authorization: header } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, data: null });
  });

  it('refuses a token with a tampered signature', async () => {
    const token = await testTokens().sign({ kind: 'guest', sub: 'g-1' }, 60);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${tampered}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a token with changed claims under the old signature', async () => {
    const token = await testTokens().sign({ kind: 'guest', sub: 'g-1' }, 60);
    const [h, , s] = token.split('.');
    const forged = `${h}.${b64({ kind: 'user', sub: 'u-1', userId: 1, name: 'x', email: 'x@y.z', iss: 'allaccess-storefront', iat: 1, exp: 4102444800 })}.${s}`;
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${forged}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses alg: none', async () => {
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ kind: 'guest', sub: 'g', iss: 'allaccess-storefront', iat: now, exp: now + 60 })}.`;
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${unsigned}` } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an expired token and says so', async () => {
    const anHourAgo = () => Date.now() - 3600_000;
    const token = await testTokens(anHourAgo).sign({ kind: 'guest', sub: 'g-1' }, 60);
    const res = await t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Token has expired');
  });
});

describe('keys and audience', () => {
  const url = '/misc/data?filter=' + encodeURIComponent('{"key":["demoUse"]}');
  const hs256 = (key: crypto.KeyObject | string, claims: object) => {
    const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`;
  };
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    kind: 'guest',
    sub: 'g-9',
    iss: 'allaccess-storefront',
    aud: TOKEN_AUDIENCE,
    iat: now,
    exp: now + 60,
  };
  const send = (token: string) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  it('tokens carry our audience and are signed with the derived token key, not the raw secret', async () => {
    const issued = (await t.app.inject({ url: '/v1/token/guest' })).json().data as string;
    expect(JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString())).toMatchObject({
      aud: TOKEN_AUDIENCE,
    });
    expect((await send(hs256(deriveKeys(TEST_JWT_SECRET).tokenSigning, claims))).statusCode).toBe(200);
    expect((await send(hs256(TEST_JWT_SECRET, claims))).statusCode).toBe(401);
    // The code-hashing key cannot sign tokens either.
    expect(
      (await send(hs256(crypto.createSecretKey(deriveKeys(TEST_JWT_SECRET).codeHashing), claims))).statusCode,
    ).toBe(401);
  });

  it.each([
    ['no audience', (({ aud: _aud, ...rest }) => rest)(claims)],
    ['another audience', { ...claims, aud: 'allaccess-storefront/media' }],
  ])('refuses a correctly signed token with %s', async (_name, body) => {
    expect((await send(hs256(deriveKeys(TEST_JWT_SECRET).tokenSigning, body))).statusCode).toBe(401);
  });

  it('hashes sign-in codes with a key of their own', async () => {
    const email = 'keys@example.com';
    await t.app.inject({ method: 'POST', url: '/v1/register', payload: { emailId: email, loginSource: 3 } });
    const code = latestCodeIn((await t.app.inject({ url: '/dev/mailbox.json' })).json(), email)!;
    const row = await t.database.db
      .selectFrom('login_codes')
      .select('code_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const hmac = (key: crypto.BinaryLike | crypto.KeyObject) =>
      crypto.createHmac('sha256', key).update(`${email}\n${code}`).digest('hex');
    const keys = deriveKeys(TEST_JWT_SECRET);
    expect(row.code_hash).toBe(hmac(keys.codeHashing));
    expect(row.code_hash).not.toBe(hmac(TEST_JWT_SECRET));
    expect(row.code_hash).not.toBe(hmac(keys.tokenSigning));
  });
});

describe('guest token rate limit', () => {
  it('answers 429 in the envelope past the per-IP limit, and other IPs still get tokens', async () => {
    const base = await createTestApp();
    await base.close();
    const small = await createTestApp({ config: { limits: { ...base.config.limits, guestTokensPerMinutePerIp: 3 } } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push((await small.app.inject({ url: '/v1/token/guest', remoteAddress: '10.0.0.1' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await small.app.inject({ url: '/v1/token/guest', remoteAddress: '10.0.0.1' });
      expect(refused.json()).toMatchObject({
        success: false,
        data: null,
        message: expect.stringMatching(/^Too many requests/),
      });
      expect(refused.headers['retry-after']).toBeDefined();
      const other = await small.app.inject({ url: '/v1/token/guest', remoteAddress: '10.0.0.2' });
      expect(other.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
