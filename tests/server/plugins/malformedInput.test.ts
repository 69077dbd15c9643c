// @databases postgres: its outcome does not depend on the kind of database
import { createTestApp, type TestApp } from '../../utils/testApp';
import { listRoutes } from '../../utils/routes';
import { signInDriver } from '../../utils/identity';
import { testTokens } from '../../utils/tokens';

/**
 * No input makes the server fail: every GET route is called with ids, offsets, limits and filters
 * that are oversized, negative, non-numeric or 2,000 characters long. Each answer is a clear 4xx (or
 * a normal answer), never a 5xx.
 */
const BAD = [
  '99999999999',
  '2147483648',
  '-1',
  '0',
  'abc',
  '1.5',
  '1e400',
  'NaN',
  '%00',
  'x'.repeat(2000),
  '9'.repeat(2000),
];
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const BAD_CURSORS = [[99999999999, 1], [1, 99999999999], [-99999999999, 1], [1.5, 2], ['a', 1], {}].map(cursor);
const BAD_FILTERS = [
  '{"path":99999999999}',
  '{"path":"99999999999"}',
  '{"path":-1}',
  '{"path":1.5}',
  `{"path":"${'x'.repeat(2000)}"}`,
  '{"key":[99999999999]}',
  'x'.repeat(2000),
];

let t: TestApp;
let userAuth: string;
beforeAll(async () => {
  t = await createTestApp();
  userAuth = (await signInDriver(t.app).signUp('malformed@example.com')).auth.authorization;
});
afterAll(() => t.close());

/**
 * Each bad id alone, and each bad query on a good id (the demo catalog's first record): every bad value
 * reaches every route, without the cross product of the two (which multiplied the requests by 75 and
 * found nothing more, as each is read and refused on its own).
 */
function requestsFor(url: string): string[] {
  const withId = (v: string) => url.replace(/:[A-Za-z]+/g, encodeURIComponent(v));
  const params = url.match(/:[A-Za-z]+/g) ?? [];
  const badIds = params.length ? BAD.map(withId) : [];
  const good = params.length ? withId('1') : url;
  const queries = [
    '',
    ...BAD.flatMap((v) => [
      `offset=${encodeURIComponent(v)}`,
      `limit=${encodeURIComponent(v)}`,
      `start=${encodeURIComponent(v)}`,
      `cursor=${encodeURIComponent(v)}`,
    ]),
    ...BAD_FILTERS.map((f) => `filter=${encodeURIComponent(f)}`),
    ...BAD_CURSORS.flatMap((c) => [
      `filter=${encodeURIComponent('{"path":1}')}&cursor=${c}`,
      `filter=${encodeURIComponent('{"path":"on-demand"}')}&cursor=${c}`,
    ]),
    ...BAD.map((v) => `filter=${encodeURIComponent('{"path":1}')}&start=0&limit=${encodeURIComponent(v)}`),
  ];
  return [...badIds, ...queries.map((q) => (q ? `${good}?${q}` : good))];
}

it('covers the API routes (the route list is read from the app)', () => {
  const gets = listRoutes(t.app)
    .filter((r) => r.method === 'GET')
    .map((r) => r.url);
  expect(gets).toEqual(
    expect.arrayContaining([
      '/v1/asset/:id',
      '/v1/pagecategory/:categoryId/events',
      '/v1/profile/:userId',
      '/misc/data',
      '/v1/carousel',
    ]),
  );
});

it.each(['none', 'guest', 'user'])(
  'no GET route answers 5xx to malformed ids, offsets, limits or filters (caller: %s)',
  async (who) => {
    const guest = `Bearer ${await testTokens().sign({ kind: 'guest', sub: 'g-malformed' }, 600)}`;
    const headers = who === 'none' ? {} : { authorization: who === 'guest' ? guest : userAuth };
    const gets = listRoutes(t.app)
      .filter((r) => r.method === 'GET' && r.url !== '*' && r.url !== '/')
      .map((r) => r.url);
    const failures: string[] = [];
    for (const route of gets) {
      for (const url of requestsFor(route)) {
        const res = await t.app.inject({ url, headers });
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${url.slice(0, 120)}: ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  },
  120_000,
);

describe('found by the contract fuzzer', () => {
  it('a field named after an Object.prototype member ("constructor") is named in words, not a 500', async () => {
    const res = await t.app.inject({ url: '/v1/carousel?constructor=a%00b' });
    expect([res.statusCode, res.json().message]).toEqual([400, expect.stringMatching(/^Constructor /)]);
  });

  it("an address segment past the router's limit is a 414 sentence, not the address echoed back", async () => {
    const res = await t.app.inject({ url: `/v1/profile/${'9'.repeat(1000)}`, headers: { authorization: userAuth } });
    expect([res.statusCode, res.json()]).toEqual([
      414,
      { success: false, message: 'The address is too long.', data: null, requestId: expect.any(String) },
    ]);
  });
});
