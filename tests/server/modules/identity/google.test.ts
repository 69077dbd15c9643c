// @databases postgres: its outcome does not depend on the kind of database
import os from 'node:os';
import { ConfigError, loadConfig } from '../../../../src/server/config';
import { startFakeGoogle } from '../../../utils/fakeGoogle';
import { createTestApp, type TestApp } from '../../../utils/testApp';

const CLIENT_ID = 'our-client-id.apps.googleusercontent.com';
let t: TestApp;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
beforeAll(async () => {
  google = await startFakeGoogle({
    'valid-token-aaaa': { aud: CLIENT_ID, sub: 'google-sub-1', email: 'Gina@Example.com' },
    'other-app-token': {
      aud: 'someone-else.apps.googleusercontent.com',
      sub: 'google-sub-2',
      email: 'mallory@example.com',
    },
    'unverified-mail': { aud: CLIENT_ID, sub: 'google-sub-3', email: 'unverified@example.com', email_verified: false },
    'no-expiry-token': { aud: CLIENT_ID, sub: 'google-sub-4', email: 'forever@example.com', exp: null },
    'expired-token-x': {
      aud: CLIENT_ID,
      sub: 'google-sub-5',
      email: 'late@example.com',
      exp: Math.floor(Date.now() / 1000) - 10,
    },
  });
  t = await createTestApp({ env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_API_BASE: google.base } });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: `/v1${url}`, payload });
const register = (accessToken: string, emailId: string) =>
  post('/register', {
    emailId,
    loginSource: 1,
    accessToken,
    deviceType: 1,
    firstName: 'Gina',
    lastName: 'Google',
    provider: 'google',
  });

describe('Google sign-in', () => {
  it('registers with a valid token, then logs in with it, keyed by Google subject', async () => {
    const res = await register('valid-token-aaaa', 'gina@example.com');
    expect(res.statusCode).toBe(200);
    const session = res.json().data[0];
    expect(session).toMatchObject({
      emailId: 'gina@example.com',
      firstName: 'Gina',
      lastName: 'Google',
      verified: true,
    });
    const user = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow();
    expect(user.google_sub).toBe('google-sub-1');

    const login = await post('/login', {
      emailId: 'gina@example.com',
      loginSource: 1,
      accessToken: 'valid-token-aaaa',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data[0].userId).toBe(session.userId);
  });

  it('refuses a token issued to another application', async () => {
    const res = await register('other-app-token', 'mallory@example.com');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Google sign-in was issued for another application');
  });

  it('refuses a token Google does not know', async () => {
    expect(
      (await post('/login', { emailId: 'gina@example.com', loginSource: 1, accessToken: 'forged-token-zzzz' }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses an e-mail that is not the token’s (no taking over someone else’s account)', async () => {
    const res = await post('/login', {
      emailId: 'victim@example.com',
      loginSource: 1,
      accessToken: 'valid-token-aaaa',
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an address Google has not verified', async () => {
    expect((await register('unverified-mail', 'unverified@example.com')).statusCode).toBe(401);
  });

  it('refuses a token-info answer without an expiry, and an expired one', async () => {
    for (const [token, email] of [
      ['no-expiry-token', 'forever@example.com'],
      ['expired-token-x', 'late@example.com'],
    ]) {
      const res = await register(token!, email!);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Google sign-in has expired');
    }
  });

  it('sends the access token to Google in the Authorization header, never in the URL', async () => {
    expect(
      (await post('/login', { emailId: 'gina@example.com', loginSource: 1, accessToken: 'valid-token-aaaa' }))
        .statusCode,
    ).toBe(200);
    expect(google.urls.length).toBeGreaterThan(0);
    expect(google.urls.filter((u) => u.includes('token-'))).toEqual([]);
  });

  it('needs an access token', async () => {
    const res = await post('/login', { emailId: 'gina@example.com', loginSource: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Google access token is required for Google sign-in.');
  });

  it('tells the client the client id, and lets Google’s script in through the CSP', async () => {
    const res = await t.app.inject({ url: '/v1/public/config' });
    expect(res.json().data.googleClientId).toBe(CLIENT_ID);
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self' https:\/\/accounts\.google\.com/);
  });
});

describe('GOOGLE_API_BASE', () => {
  it.each(['development', 'production'])('must be https with NODE_ENV=%s', (env) => {
    const problems = (() => {
      try {
        loadConfig({
          NODE_ENV: env,
          JWT_SECRET: 'x'.repeat(40),
          SMTP_URL: 'smtp://mail.example.com',
          DATA_DIR: os.tmpdir(),
          GOOGLE_API_BASE: 'http://google.example',
        });
        return [];
      } catch (err) {
        return (err as ConfigError).problems;
      }
    })();
    expect(problems).toEqual([
      'GOOGLE_API_BASE: must be an https:// URL (plain http is accepted only with NODE_ENV=test)',
    ]);
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  it('refuses Google sign-in and tells the client it is off', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/v1/login',
        payload: { emailId: 'a@example.com', loginSource: 1, accessToken: 'valid-token-aaaa' },
      });
      expect(res.statusCode).toBe(400);
      expect((await bare.app.inject({ url: '/v1/public/config' })).json().data.googleClientId).toBeNull();
    } finally {
      await bare.close();
    }
  });
});
