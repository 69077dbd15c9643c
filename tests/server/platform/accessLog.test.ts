// @databases postgres: its outcome does not depend on the kind of database
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * At the default level (info) every request leaves exactly one access line, not Fastify's two:
 * request id, method, URL as it may be logged, route, status and duration. A request refused or
 * failed also says why in a line of its own. No line carries a token, a code or a signature.
 */
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, deps: { logStream: { write: (l) => lines.push(l) } } });
});
afterAll(() => t.close());

type Line = Record<string, unknown> & { reqId?: string; msg?: string };
const parsed = () => lines.map((l) => JSON.parse(l) as Line);

it('one line per request, with the fields operators read, and no secret in any line', async () => {
  const token = (await t.app.inject({ url: '/v1/token/guest' })).json().data as string;
  const auth = { authorization: `Bearer ${token}` };
  const sig = 'c2lnbmF0dXJlLW9mLXRoZS12aWV3ZXI';
  // A make-good link's token (the guaranteed view's mail): whoever has it chooses the fan's refund.
  const makeGood = 'bWFrZS1nb29kLXRva2VuLW9mLWEtZmFuLWluLXRoZS1tYWls';
  const requests = [
    { url: '/v1/carousel', headers: auth },
    { url: '/v1/asset/1', headers: auth },
    { url: '/v1/asset/1?code=482913&token=opaque-token-value', headers: auth },
    { url: `/media/signed/${sig}/streams/free-program/seg_000.ts`, headers: {} },
    { url: '/v1/no-such-route', headers: {} },
    { url: `/v1/make-good/${makeGood}`, headers: {} },
    { url: `/make-good/${makeGood}`, headers: { accept: 'text/html' } },
  ];
  lines.length = 0;
  const answers = [];
  for (const r of requests) answers.push(await t.app.inject(r));

  const all = parsed();
  for (const [i, res] of answers.entries()) {
    const id = String(res.headers['x-request-id']);
    const mine = all.filter((l) => l.reqId === id);
    const access = mine.filter((l) => l.msg === 'request completed');
    expect(access).toEqual([
      expect.objectContaining({
        level: 30,
        reqId: id,
        req: expect.objectContaining({ method: 'GET', url: expect.any(String) }),
        res: { statusCode: res.statusCode },
        responseTime: expect.any(Number),
      }),
    ]);
    // An answered request is that one line; a refused one adds its reason.
    if (res.statusCode < 400) expect(mine).toHaveLength(1);
    else expect(mine.length).toBeLessThanOrEqual(2);
    expect(mine.some((l) => l.msg === 'incoming request')).toBe(false);
    if (i === 1) expect(access[0]!.req).toMatchObject({ url: '/v1/asset/1', route: '/v1/asset/:id' });
  }
  expect(answers[0]!.statusCode).toBe(200);
  expect(answers[1]!.statusCode).toBe(200);
  // Every line of the run is a request's: nothing else was logged in between.
  expect(all.filter((l) => l.msg === 'request completed')).toHaveLength(requests.length);

  const text = lines.join('\n');
  for (const secret of [token, token.split('.')[2]!, '482913', 'opaque-token-value', sig, makeGood])
    expect(text).not.toContain(secret);
  expect(text).toContain('/media/signed/[redacted]/streams/free-program/seg_000.ts');
  expect(text).toContain('code=%5Bredacted%5D');
  expect(text).toContain('"/v1/make-good/[redacted]"');
  expect(text).toContain('"/make-good/[redacted]"');
});
