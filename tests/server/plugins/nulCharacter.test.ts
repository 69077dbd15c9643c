// @databases postgres: its outcome does not depend on the kind of database
import { createTestApp, type TestApp } from '../../utils/testApp';
import { listRoutes } from '../../utils/routes';
import { signInDriver } from '../../utils/identity';
import { testTokens } from '../../utils/tokens';

/**
 * The contract's text rule: a NUL character (U+0000) anywhere in a request is a 400 naming the field
 * in words, never a 500 from the database. First the seven endpoints the audit found answering 500,
 * then every route the app has, with NUL in each place a request can carry it.
 */
const NUL = '\u0000';
let t: TestApp;
let user: { authorization: string };
let userId: number;
let guest: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const signedUp = await signInDriver(t.app).signUp('nul@example.com');
  user = signedUp.auth;
  userId = signedUp.userId;
  guest = { authorization: `Bearer ${await testTokens().sign({ kind: 'guest', sub: 'g-nul' }, 600)}` };
});
afterAll(() => t.close());

const refused = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

describe('the endpoints the audit found', () => {
  it.each([
    [
      'profile first name',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/profile/update',
          headers: user,
          payload: { firstName: `Ada${NUL}`, lastName: 'L' },
        }),
      'First name',
    ],
    [
      'profile last name',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/profile/update',
          headers: user,
          payload: { firstName: 'Ada', lastName: `${NUL}L` },
        }),
      'Last name',
    ],
    [
      'coupon_code',
      () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/order/applyVoucher',
          headers: guest,
          payload: { coupon_code: `SAVE10${NUL}` },
        }),
      'Promo code',
    ],
    [
      'viewing-session eventId',
      () =>
        t.app.inject({ method: 'POST', url: '/v1/viewing-sessions', headers: guest, payload: { eventId: `1${NUL}` } }),
      'Event',
    ],
    ['/v1/asset/:id (%00)', () => t.app.inject({ url: '/v1/asset/night%00shift' }), 'The id in the address'],
    [
      '/v1/pagecategory/:id/events (%00)',
      () => t.app.inject({ url: '/v1/pagecategory/on%00demand/events?offset=0&limit=50' }),
      'The category in the address',
    ],
    [
      'streamconfig/:id (%00)',
      () => t.app.inject({ url: '/v1/admin/asset/streamconfig/1%00', headers: guest }),
      'The id in the address',
    ],
    [
      'sandbox authenticate client_secret (%00)',
      () =>
        t.app.inject({ url: '/payments/sandbox/authenticate/pi_x?client_secret=pi_x_secret_%00abcdef&return_url=/x' }),
      'Payment secret',
    ],
  ])('%s', async (_label, send, field) => {
    const [status, message] = refused(await send());
    expect(status).toBe(400);
    expect(message).toBe(`${field} must not contain the NUL character (U+0000).`);
  });

  it('a NUL in a field name is refused too, naming where it is', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/update',
      headers: user,
      payload: { firstName: 'Ada', lastName: 'L', [`x${NUL}`]: 1 },
    });
    expect(refused(res)).toEqual([400, 'The request must not contain the NUL character (U+0000).']);
  });

  it('the same requests without the NUL are served (so the refusals above are for the NUL)', async () => {
    const profile = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/update',
      headers: user,
      payload: { firstName: 'Ada', lastName: 'L' },
    });
    expect(profile.statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/order/applyVoucher',
          headers: guest,
          payload: { coupon_code: 'NOPE' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: '/v1/asset/nightshift' })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          url: '/payments/sandbox/authenticate/pi_x?client_secret=pi_x_secret_abcdef&return_url=/x',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('every route', () => {
  const fill = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);

  it('answers a NUL in its path, its query or its body with a 400, never a 5xx', async () => {
    const routes = listRoutes(t.app).filter(
      (r) => (r.method === 'GET' || r.method === 'POST' || r.method === 'DELETE') && r.url !== '/v1/payments/webhook',
    );
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const { method, url } of routes) {
      for (const headers of [{}, guest, user]) {
        const attempts: { url: string; payload?: object }[] = [{ url: `${fill(url, '1')}?x=%00` }];
        if (url.includes(':')) attempts.push({ url: fill(url, 'a%00b') });
        if (method === 'POST')
          attempts.push({
            url: fill(url, '1'),
            payload: {
              userId,
              user_id: userId,
              emailId: `a${NUL}@example.com`,
              name: NUL,
              nested: { deep: [`x${NUL}`] },
            },
          });
        for (const a of attempts) {
          const res = await t.app.inject({
            method: method as 'GET',
            url: a.url,
            headers,
            ...(a.payload ? { payload: a.payload } : {}),
          });
          if (res.statusCode >= 500) failures.push(`${res.statusCode} ${method} ${a.url}: ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
