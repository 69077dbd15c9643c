// @databases postgres: its outcome does not depend on the kind of database
import net from 'node:net';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * The refusals Fastify and Node make before a route runs speak the API's envelope
 * `{success: false, message, data: null, requestId}` with a sentence, as every other refusal: a
 * method an address does not take (405 with `Allow`), headers too large (431), bytes that are not
 * HTTP, a request that arrives while the server stops (503). Outside tests found them in Fastify's
 * own format, and a wrong method answered 404 (or 401 with a bad token).
 */
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

const envelope = (message: string | RegExp) => ({
  success: false,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
  data: null,
  requestId: expect.any(String),
});
const BAD_TOKEN = { authorization: 'Bearer not.a.token' };
const SESSION = '/v1/viewing-sessions/00000000-0000-4000-8000-000000000000';

describe('a method the address does not take', () => {
  it.each([
    ['PUT', '/v1/cart', 'GET, HEAD, POST', 'This address does not take PUT; it takes GET, HEAD or POST.'],
    ['GET', '/v1/order/createCartOrder', 'POST', 'This address does not take GET; it takes POST.'],
    ['DELETE', '/v1/asset/1', 'GET, HEAD', 'This address does not take DELETE; it takes GET or HEAD.'],
    ['POST', '/misc/data', 'GET, HEAD', undefined],
    ['PATCH', '/payments/sandbox/authenticate/pi_x', 'GET, HEAD, POST', undefined],
    ['GET', SESSION, 'DELETE', undefined],
    ['PROPFIND', `${SESSION}/heartbeat`, 'POST', undefined],
    ['GET', '/v1/payments/webhook', 'POST', undefined],
    // A concrete address is its own route's, as OpenAPI reads paths, though GET /v1/cart/:id, GET
    // /v1/profile/:userId and DELETE /v1/viewing-sessions/:sessionId would match it (an outside tester).
    ['GET', '/v1/cart/remove', 'POST', 'This address does not take GET; it takes POST.'],
    ['GET', '/v1/cart/merge', 'POST', undefined],
    // The router reads %72 as r: so does the 405.
    ['GET', '/v1/cart/%72emove', 'POST', undefined],
    ['GET', '/v1/profile/update', 'POST', undefined],
    ['DELETE', '/v1/viewing-sessions/takeover', 'POST', undefined],
    ['OPTIONS', '/healthz', 'GET, HEAD', undefined],
    ['POST', '/media/posters/x.svg', 'GET, HEAD', undefined],
    ['POST', '/media/signed/x/y.m3u8', 'GET, HEAD', undefined],
    [
      'DELETE',
      '/media/signed/AAAAAAAAAAAAAAAAAAAAAA/1900000000/e1.u1/streams/angle-1/index.m3u8',
      'GET, HEAD',
      undefined,
    ],
  ])('%s %s is a 405 with Allow: %s, whatever token comes with it', async (method, url, allow, message) => {
    for (const headers of [{}, BAD_TOKEN]) {
      const res = await t.app.inject({ method: method as 'GET', url, headers });
      expect([res.statusCode, res.headers.allow, res.json()]).toEqual([
        405,
        allow,
        envelope(message ?? new RegExp(`^This address does not take ${method}; it takes .+\\.$`)),
      ]);
    }
  });

  it('whatever else it carries: a NUL in its query (found by the contract fuzzer)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/v1/cart?user_id=a%00b' });
    expect([res.statusCode, res.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
  });

  it('an address without any route is still a 404, with a token that does not verify too', async () => {
    for (const headers of [{}, BAD_TOKEN]) {
      const res = await t.app.inject({ method: 'PUT', url: '/v1/nothing-here', headers });
      expect([res.statusCode, res.headers.allow, res.json()]).toEqual([
        404,
        undefined,
        envelope('No such endpoint: PUT /v1/nothing-here'),
      ]);
    }
  });
});

/** Writes raw bytes to the listening server and reads everything until it closes the connection. */
function raw(request: string): Promise<{ status: number; headers: string; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) });
    });
  });
}

describe("what Node's HTTP parser refuses", () => {
  it('headers (or an address) too large: 431', async () => {
    const headers = await raw(`GET /v1/carousel HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect([headers.status, headers.body]).toEqual([
      431,
      envelope("The request's headers (its address included) are too large."),
    ]);
    expect(headers.headers).toContain('content-type: application/json');
    const address = await raw(`GET /v1/carousel?x=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(address.status).toBe(431);
  });

  it('a method HTTP does not define, and bytes that are not HTTP: 400', async () => {
    const method = await raw('FETCHALL /v1/carousel HTTP/1.1\r\nHost: x\r\n\r\n');
    expect([method.status, method.body]).toEqual([400, envelope("The request's method is not one HTTP defines.")]);
    const garbage = await raw('GET /v1/carousel HTTP/1.1\r\nno colon here\r\n\r\n');
    expect([garbage.status, garbage.body]).toEqual([400, envelope('The request is not valid HTTP.')]);
  });
});

describe('while the server stops', () => {
  it('a request that arrives is refused with a 503 in the envelope, and its connection closed', async () => {
    const stopping = await createTestApp();
    let answer: Response | undefined;
    // Runs after the app's own preClose (which starts refusing) and before the server stops listening.
    stopping.app.addHook('preClose', async () => {
      answer = await fetch(`http://127.0.0.1:${(stopping.app.server.address() as net.AddressInfo).port}/v1/carousel`);
    });
    await stopping.app.listen({ port: 0, host: '127.0.0.1' });
    await stopping.close();
    expect([answer!.status, answer!.headers.get('retry-after'), answer!.headers.get('connection')]).toEqual([
      503,
      '5',
      'close',
    ]);
    expect(await answer!.json()).toEqual(envelope('The server is restarting. Please try again in a moment.'));
  });
});
