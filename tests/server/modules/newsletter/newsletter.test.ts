// @databases both: smoke — the newsletter module: an address stored once, whatever its capitals
import { createTestApp, type TestApp } from '../../../utils/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signup = (payload: unknown, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url: '/v1/public/newsletter', payload: payload as object, remoteAddress: ip });

describe('POST /v1/public/newsletter', () => {
  it('stores an address once, however it is capitalised, with the same answer each time', async () => {
    const first = await signup({ email: 'Fan@Example.com' });
    const again = await signup({ email: ' fan@example.COM '.trim() });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, message: "Thanks! You're on the list.", data: null });
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db.selectFrom('newsletter_signups').selectAll().execute();
    expect(rows.map((r) => r.email)).toEqual(['fan@example.com']);
  });

  it.each([
    [{ email: 'not-an-email' }, /^E-mail address must look like name@example\.com\.$/],
    [{}, /^E-mail address is required\.$/],
    [{ email: 'a@b.co', name: 'x' }, /^The request has a field we do not accept: name\.$/],
  ])('refuses %j with 400 and stores nothing', async (payload, message) => {
    const before = await t.database.db.selectFrom('newsletter_signups').selectAll().execute();
    const res = await signup(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await t.database.db.selectFrom('newsletter_signups').selectAll().execute()).toEqual(before);
  });

  it('limits sign-ups per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await signup({ email: `n${i}@example.com` }, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('needs no Authorization (a /public path)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/public/newsletter',
      payload: { email: 'x@example.com' },
      headers: { authorization: 'Bearer broken' },
    });
    expect(res.statusCode).toBe(200);
  });
});
