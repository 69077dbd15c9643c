// @databases postgres: its outcome does not depend on the kind of database
import { createTestApp, type TestApp } from '../../../utils/testApp';
import { signTestToken } from '../../../utils/signToken';

/**
 * What a shared cache (a CDN, the browser, our service worker) may keep: public catalog answers are
 * the same for every token, so they carry no `Vary: Authorization` and two different callers get the
 * same bytes and ETag; the event page's answer depends on the caller, so it stays private and varies.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const bearer = (claims: Parameters<typeof signTestToken>[0]) => ({ authorization: `Bearer ${signTestToken(claims)}` });
const callers = {
  none: {},
  guestA: bearer({ kind: 'guest', sub: 'guest-a' }),
  guestB: bearer({ kind: 'guest', sub: 'guest-b' }),
};
const varyNames = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

const PUBLIC_READS = [
  `/v1/carousel?filter=${q({ deviceTypeId: '1', languageId: '1' })}`,
  `/v1/pagecategory?filter=${q({ deviceTypeId: '1', languageId: '1', path: 1, type: 'primary_navigation' })}&start=0&limit=20`,
  `/v1/pagecategory/listing?filter=${q({ path: 'free-to-watch' })}&start=0&limit=7`,
  '/v1/pagecategory/1/events?offset=0&limit=50',
  '/v1/subscription/1',
  '/v1/agreement/3',
  '/v1/footerlink/1',
];

it.each(PUBLIC_READS)('%s: public, no Vary on Authorization, the same answer for every caller', async (url) => {
  const answers = await Promise.all(Object.values(callers).map((headers) => t.app.inject({ url, headers })));
  for (const res of answers) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(varyNames(res.headers.vary)).not.toContain('authorization');
  }
  expect(new Set(answers.map((r) => r.headers.etag)).size).toBe(1);
  expect(new Set(answers.map((r) => r.body)).size).toBe(1);
});

it('the event page answer depends on the caller: private, no-cache, Vary: Authorization', async () => {
  const res = await t.app.inject({ url: '/v1/asset/velvet-static-unplugged', headers: callers.guestA });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  expect(varyNames(res.headers.vary)).toContain('authorization');
});
