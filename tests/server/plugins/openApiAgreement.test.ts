// @databases postgres: its outcome does not depend on the kind of database
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { cartTestApp, type Who } from '../../utils/cart';
import type { ApiDocument, Operation } from '../../utils/openApiCheck';
import type { TestApp } from '../../utils/testApp';

/**
 * Where an outside contract tester (issue 43) found the server and its document disagreeing on a
 * request: e-mail addresses the document calls invalid were taken, and requests it called valid
 * were refused by rules it did not state. Now each such rule is in the document, as a schema where
 * one can say it (a pattern, a bound), else in the field's description and under the route's 400,
 * and the server refuses exactly that.
 */
let t: TestApp;
let ids: Record<string, number>;
let doc: ApiDocument & { paths: Record<string, Record<string, DescribedOperation>> };
let user: Who;
let guest: Who;
type DescribedOperation = Operation & { responses: Record<string, { description?: string }> };

beforeAll(async () => {
  const world = await cartTestApp();
  ({ t, ids } = world);
  doc = (await t.app.inject({ url: '/openapi.json' })).json();
  user = await world.d.user('agreement');
  guest = await world.d.guest('agreement guest');
}, 60_000);
afterAll(() => t?.close());

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
const op = (method: string, path: string) => doc.paths[path]![method]!;
const bodySchema = (method: string, path: string) => op(method, path).requestBody!.content['application/json']!.schema!;
const parameter = (method: string, path: string, name: string) =>
  op(method, path).parameters!.find((p) => p.name === name)! as { schema?: object; description?: string };
/** What the document says a refusal means at this operation. */
const meaning = (method: string, path: string, status: number) => op(method, path).responses[status]!.description!;
const send = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who?.authorization ? { authorization: who.authorization } : {},
    ...(payload ? { payload } : {}),
  });
const refused = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

describe('an e-mail address', () => {
  const addresses = [
    'a@b-.co',
    'a@-b.co',
    `${'a'.repeat(65)}@b.co`,
    `a@${'b'.repeat(64)}.co`,
    'a..b@c.co',
    'a@b.c1',
    'a!b@c.co',
    'a@b.co',
    "o'neil+tickets@mail.example.com",
    `${'a'.repeat(64)}@b.co`,
  ];

  it.each([
    ['/v1/checkuser', 'emailId'],
    ['/v1/public/newsletter', 'email'],
  ])('%s takes exactly the addresses its published body takes', async (path, field) => {
    const validate = ajv.compile(bodySchema('post', path));
    for (const address of addresses) {
      const res = await send('POST', path, null, { [field]: address });
      const published = validate({ [field]: address });
      expect([address, res.statusCode === 400 ? 'refused' : 'taken']).toEqual([
        address,
        published ? 'taken' : 'refused',
      ]);
      if (!published) expect(res.json().message).toBe('E-mail address must look like name@example.com.');
    }
  });
});

describe('rules the document states for requests its schemas alone would call valid', () => {
  it('user_id and cart_token together: each query parameter and the 400 say so', async () => {
    expect(parameter('get', '/v1/cart', 'user_id').description).toMatch(/Never with `cart_token`/);
    expect(parameter('get', '/v1/cart', 'cart_token').description).toMatch(/Never with `user_id`/);
    expect(meaning('get', '/v1/cart', 400)).toMatch(/`user_id` and `cart_token` together/);
    const res = await send('GET', `/v1/cart?user_id=${user.userId}&cart_token=${'a'.repeat(43)}`, user);
    expect(refused(res)).toEqual([400, 'Send user_id or cart_token, not both.']);
  });

  it.each(['/v1/pagecategory', '/v1/pagecategory/listing'])(
    '%s: a cursor is opaque (base64url) and one the server gave; start is always 0',
    async (path) => {
      const cursor = parameter('get', path, 'cursor');
      expect(cursor.schema).toEqual({ type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' });
      expect(cursor.description).toMatch(/^Opaque: the `nextCursor` /);
      expect(meaning('get', path, 400)).toMatch(/a `cursor` this server did not give/);
      expect(parameter('get', path, 'start').schema).toMatchObject({ minimum: 0, maximum: 0 });
      const filter = encodeURIComponent(JSON.stringify({ path: path.endsWith('listing') ? 'on-demand' : 1 }));
      const madeUp = await send('GET', `${path}?filter=${filter}&cursor=bm9wZQ`, null);
      expect(refused(madeUp)).toEqual([400, 'Page cursor is not one this server gave out.']);
      const start = await send('GET', `${path}?filter=${filter}&start=1`, null);
      expect(refused(start)).toEqual([
        400,
        'Start must be 0: pages after the first are read with the nextCursor of the previous page.',
      ]);
    },
  );

  it("the categories' filter names a page by id, as published", async () => {
    const filter = parameter('get', '/v1/pagecategory', 'filter') as { content?: Record<string, { schema: object }> };
    const validate = ajv.compile(filter.content!['application/json']!.schema);
    for (const path of ['on-demand', '0', '1', '007', 12]) {
      const res = await send('GET', `/v1/pagecategory?filter=${encodeURIComponent(JSON.stringify({ path }))}`, null);
      expect([path, res.statusCode]).toEqual([path, validate({ path }) ? 200 : 400]);
    }
  });

  it('a voucher order whose total is not 0, and an amount that is not the total: the fields and the 400 say so', async () => {
    const order = '/v1/order/createCartOrder';
    const intent = '/v1/order/createPaymentIntent';
    expect(bodySchema('post', order).properties!.paymentMethod!).toMatchObject({
      description: expect.stringMatching(/^`vouchers` only for a cart whose total with its coupon is 0/),
    });
    expect(meaning('post', order, 400)).toMatch(/`paymentMethod: vouchers` for a cart whose total/);
    expect(bodySchema('post', intent).properties!.amount!).toMatchObject({
      description: expect.stringMatching(/^Cents: the caller's cart's total/),
    });
    expect(meaning('post', intent, 400)).toMatch(/an `amount` that is not the cart's total/);
    expect((await send('POST', '/v1/cart', user, { asset_id: ids['cart-a']! })).statusCode).toBe(200);
    const voucher = await send('POST', order, user, { userId: user.userId, paymentMethod: 'vouchers' });
    expect(voucher.statusCode).toBe(400);
    const wrongAmount = await send('POST', intent, user, { userId: user.userId, amount: 1 });
    expect(wrongAmount.statusCode).toBe(400);
  });

  it('a code that was never sent: the otp field and the 400 say so', async () => {
    expect(bodySchema('post', '/v1/verifyotp').properties!.otp!).toMatchObject({
      description: expect.stringMatching(/^The code last mailed to `emailId`/),
    });
    expect(meaning('post', '/v1/verifyotp', 400)).toMatch(/an `otp` that is not the code last mailed/);
    const res = await send('POST', '/v1/verifyotp', guest, { emailId: 'never-sent@example.com', otp: '123456' });
    expect(refused(res)).toEqual([400, 'There is no active code for this e-mail address. Request a new one.']);
  });
});
