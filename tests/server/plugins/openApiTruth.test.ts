// @databases postgres: its outcome does not depend on the kind of database
import type { RouteOptions } from 'fastify';
import { cartDriver, type Who } from '../../utils/cart';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * The API document says what the server does, where an outside contract tester found it did not:
 * every status an operation answers is listed (from the route's token, limit and body, and its own
 * refusals), `loginSource` is the enum the server takes, the rules between fields are published and
 * enforced, the JSON `filter` parameters are published with their shapes, and the sandbox's
 * authentication page lists its redirect and pages. tests/server/plugins/contractFuzz.test.ts
 * then holds every answer it provokes to the document.
 */
type Schema = {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  not?: Schema;
  if?: Schema;
  then?: Schema;
};
type Parameter = {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  content?: Record<string, { schema: Schema }>;
};
type Response = {
  description: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: Schema }>;
};
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const routes: RouteOptions[] = [];
let t: TestApp;
let doc: Document;
let user: Who;
let guest: Who;

beforeAll(async () => {
  t = await createTestApp({ deps: { onRoute: (route) => routes.push(route) } });
  doc = (await t.app.inject({ url: '/openapi.json' })).json();
  const people = cartDriver(t.app);
  user = await people.user('truth');
  guest = await people.guest('truth guest');
}, 60_000);
afterAll(() => t?.close());

const op = (method: string, path: string) => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};
const statuses = (method: string, path: string) => Object.keys(op(method, path).responses).sort();
const bodySchema = (method: string, path: string) => op(method, path).requestBody!.content['application/json']!.schema;
const param = (method: string, path: string, name: string) =>
  op(method, path).parameters!.find((p) => p.name === name)!;
const post = (url: string, who: Who | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(who?.authorization ? { authorization: who.authorization } : {}) },
    payload: payload as object,
  });
const refused = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

describe('every status an operation answers is listed, each refusal with the error envelope', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, o]) => ({ at: `${method.toUpperCase()} ${path}`, o })),
    );

  it('status by status: no ranges (4XX) and no default, and at least one answer that is not a refusal', () => {
    const vague = operations().filter(({ o }) => Object.keys(o.responses).some((s) => !/^\d{3}$/.test(s)));
    expect(vague.map(({ at }) => at)).toEqual([]);
    const noSuccess = operations().filter(({ o }) => !Object.keys(o.responses).some((s) => Number(s) < 400));
    expect(noSuccess.map(({ at }) => at)).toEqual([]);
    for (const { at, o } of operations()) {
      for (const [status, answer] of Object.entries(o.responses)) {
        if (Number(status) < 400) continue;
        expect([at, status, answer.description]).toEqual([at, status, expect.not.stringMatching(/^Default Response$/)]);
        // The sandbox's authentication page answers an unknown payment with a page, as its 200 is one.
        if (answer.content?.['text/html']) continue;
        const schema = answer.content?.['application/json']?.schema as Schema & { anyOf?: Schema[] };
        const envelope = schema?.anyOf?.at(-1) ?? schema;
        expect([at, status, envelope?.properties?.success?.enum]).toEqual([at, status, [false]]);
      }
    }
  });

  it("from the route's options: 401 where a token is read, 429 where a limit applies, 413 and 415 where a body is", () => {
    const described = routes.filter((r) => r.schema && !(r.schema as { hide?: boolean }).hide && r.method !== 'HEAD');
    expect(described.length).toBeGreaterThan(30);
    for (const route of described) {
      const method = String(route.method).toLowerCase();
      const listed = statuses(method, route.url.replace(/:(\w+)/g, '{$1}'));
      const config = (route.config ?? {}) as { auth?: string; rateLimit?: unknown };
      const expectation = {
        at: `${method} ${route.url}`,
        // Sign-in with Google reads no bearer token but answers 401 for a Google token that does not verify.
        401: (config.auth ?? 'optional') !== 'none' || ['/v1/login', '/v1/register'].includes(route.url),
        403: config.auth === 'user' || config.auth === 'organizer' ? true : listed.includes('403'),
        413: ['post', 'put', 'patch', 'delete'].includes(method),
        415: ['post', 'put', 'patch', 'delete'].includes(method),
        414: route.url.includes(':'),
        429: Boolean(config.rateLimit),
        400: true,
        500: true,
        503: true,
      };
      const found = Object.fromEntries(
        Object.keys(expectation).map((k) => [k, k === 'at' ? expectation.at : listed.includes(k)]),
      );
      expect(found).toEqual(expectation);
    }
  });

  it("and the route's own refusals", () => {
    expect(statuses('get', '/v1/token/guest')).toEqual(['200', '400', '429', '500', '503']);
    expect(statuses('post', '/v1/order/createCartOrder')).toEqual(
      ['200', '400', '401', '403', '404', '409', '413', '415', '429', '500', '502', '503'].sort(),
    );
    expect(statuses('get', '/v1/asset/{id}')).toEqual(['200', '304', '400', '401', '404', '414', '500', '503']);
    expect(statuses('get', '/v1/public/config')).toEqual(['200', '400', '500', '503']);
  });
});

describe('loginSource', () => {
  it('is published as the enum 1, 2, 3', () => {
    for (const path of ['/v1/checkuser', '/v1/login', '/v1/register', '/v1/verifyotp'])
      expect(bodySchema('post', path).properties!.loginSource!.enum).toEqual([1, 2, 3]);
  });

  it('is refused as anything else, true and [3] included, with a sentence', async () => {
    for (const loginSource of [true, [3], '3', 4, null]) {
      const res = await post('/v1/checkuser', null, { emailId: 'someone@example.com', loginSource });
      expect(refused(res)).toEqual([400, 'Sign-in method must be 1 (Google), 2 (Facebook) or 3 (e-mail code).']);
    }
    expect((await post('/v1/checkuser', null, { emailId: 'someone@example.com', loginSource: 3 })).statusCode).toBe(
      200,
    );
  });
});

describe('rules between fields', () => {
  it('user_id and cart_token exclude each other: published on every cart body, and refused together', async () => {
    for (const path of ['/v1/cart', '/v1/cart/remove', '/v1/order/applyVoucher', '/v1/order/removeVoucher'])
      expect(bodySchema('post', path).not).toEqual({ required: ['user_id', 'cart_token'] });
    const both = { user_id: user.userId, cart_token: 'a'.repeat(43) };
    const add = await post('/v1/cart', user, { asset_id: 1, ...both });
    expect(refused(add)).toEqual([400, 'Send user_id or cart_token, not both.']);
    const read = await t.app.inject({
      url: `/v1/cart?user_id=${user.userId}&cart_token=${'a'.repeat(43)}`,
      headers: { authorization: user.authorization! },
    });
    expect(refused(read)).toEqual([400, 'Send user_id or cart_token, not both.']);
  });

  it('a card order needs paymentIntentId: published (if paymentMethod is stripe, then required) and enforced', async () => {
    const schema = bodySchema('post', '/v1/order/createCartOrder');
    expect([schema.if, schema.then]).toEqual([
      { properties: { paymentMethod: { enum: ['stripe'] } }, required: ['paymentMethod'] },
      { required: ['paymentIntentId'] },
    ]);
    const card = await post('/v1/order/createCartOrder', user, { userId: user.userId, paymentMethod: 'stripe' });
    expect(refused(card)).toEqual([400, 'Payment intent id is required for a card payment.']);
    // A voucher order has no intent: the rule does not apply (the empty cart is what refuses it).
    const voucher = await post('/v1/order/createCartOrder', user, { userId: user.userId, paymentMethod: 'vouchers' });
    expect(voucher.statusCode).toBe(409);
  });

  it('ids in a JSON body are JSON numbers, as published: "1" and true are refused', async () => {
    expect(bodySchema('post', '/v1/cart').properties!.asset_id!.type).toBe('integer');
    for (const userId of ['1', true, [1]]) {
      const res = await post('/v1/order/createPaymentIntent', user, { amount: 100, userId });
      expect(refused(res)).toEqual([400, 'User id must be a number.']);
    }
  });
});

describe('filter parameters', () => {
  it.each([
    ['/v1/carousel', false, ['deviceTypeId', 'languageId']],
    ['/v1/pagecategory', true, ['deviceTypeId', 'languageId', 'path', 'type']],
    ['/v1/pagecategory/listing', true, ['path']],
    ['/v1/order', true, ['userId', 'assetId']],
    ['/misc/data', true, ['key']],
  ])('%s publishes filter as JSON (content) with its shape', (path, required, fields) => {
    const filter = param('get', path, 'filter');
    expect(filter.schema).toBeUndefined();
    expect(filter.required).toBe(required);
    const shape = filter.content!['application/json']!.schema;
    expect([shape.type, Object.keys(shape.properties!)]).toEqual(['object', fields]);
  });

  it('the server takes a filter of the published shape and refuses one that is not, naming the field', async () => {
    const url = (path: string, filter: unknown) => `${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    expect((await t.app.inject({ url: url('/v1/pagecategory/listing', { path: 'on-demand' }) })).statusCode).toBe(200);
    expect(refused(await t.app.inject({ url: url('/v1/pagecategory/listing', { path: 'x', extra: 1 }) }))).toEqual([
      400,
      'Filter has a field we do not accept: extra.',
    ]);
    expect(refused(await t.app.inject({ url: url('/misc/data', { key: 'demoUse' }) }))).toEqual([
      400,
      'Filter key must be a list.',
    ]);
    expect(refused(await t.app.inject({ url: '/misc/data?filter=%7Bkey' }))).toEqual([
      400,
      'Filter must be valid JSON such as {"key":["demoUse"]}.',
    ]);
    const lookup = await t.app.inject({
      url: url('/v1/order', { userId: String(user.userId) }),
      headers: { authorization: user.authorization! },
    });
    expect(refused(lookup)).toEqual([400, 'Filter user id must be a number.']);
  });
});

describe("the sandbox's payment authentication page", () => {
  const page = '/payments/sandbox/authenticate/{intentId}';

  it('lists its page, its redirect (303 with Location) and its refusals', () => {
    expect(statuses('get', page)).toEqual(['200', '400', '414', '500', '503']);
    expect(Object.keys(op('get', page).responses['200']!.content!)).toEqual(['text/html']);
    expect(statuses('post', page)).toEqual(['303', '400', '404', '413', '414', '415', '429', '500', '503']);
    expect(op('post', page).responses['303']!.headers).toHaveProperty('location');
    expect(Object.keys(op('post', page).responses['404']!.content!)).toEqual(['text/html']);
  });

  it('publishes return_url as a path on this site, and refuses any other on the page and at confirm', async () => {
    const pattern = param('get', page, 'return_url').schema!.pattern!;
    expect(param('post', page, 'return_url').schema!.pattern).toBe(pattern);
    expect(bodySchema('post', '/v1/payments/sandbox/confirm').properties!.return_url!.pattern).toBe(pattern);
    const sameSite = new RegExp(pattern);
    expect(['/order-confirmation/12', '/x?a=1'].every((u) => sameSite.test(u))).toBe(true);
    const elsewhere = ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'x'];
    expect(elsewhere.filter((u) => sameSite.test(u))).toEqual([]);
    const sentence = 'Return address must be a path on this site, such as /order-confirmation/12.';
    for (const returnUrl of elsewhere) {
      const query = `client_secret=pi_x_secret_abcdef&return_url=${encodeURIComponent(returnUrl)}`;
      expect(refused(await t.app.inject({ url: `/payments/sandbox/authenticate/pi_x?${query}` }))).toEqual([
        400,
        sentence,
      ]);
      const complete = await t.app.inject({
        method: 'POST',
        url: `/payments/sandbox/authenticate/pi_x?${query}`,
        payload: { outcome: 'complete' },
      });
      expect(refused(complete)).toEqual([400, sentence]);
      const confirm = await post('/v1/payments/sandbox/confirm', user, {
        client_secret: 'pi_x_secret_abcdef',
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2040, cvc: '123' },
        return_url: returnUrl,
      });
      expect(refused(confirm)).toEqual([400, sentence]);
    }
  });
});

it('a guest is refused a user-only call with a 403 the document lists', async () => {
  const res = await post('/v1/logout', guest, {});
  expect(res.statusCode).toBe(403);
  expect(statuses('post', '/v1/logout')).toContain('403');
});
