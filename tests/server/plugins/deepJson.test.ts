// @databases postgres: its outcome does not depend on the kind of database
import Fastify from 'fastify';
import { errorsPlugin } from '../../../src/server/plugins/errorHandler';
import { jsonBodyPlugin } from '../../../src/server/plugins/jsonBody';
import { MAX_JSON_DEPTH, TOO_DEEP } from '../../../src/server/platform/jsonDepth';
import { createTestApp, type TestApp } from '../../utils/testApp';
import { listRoutes } from '../../utils/routes';
import { signInDriver } from '../../utils/identity';
import { deriveKeys } from '../../../src/server/modules/auth/keys';
import { grantOrganizer } from '../../utils/studio';

/**
 * A JSON body nested deeper than MAX_JSON_DEPTH is a 400 sentence on every POST route, refused by one
 * linear read of its text before it is parsed: a few thousand brackets used to make the NUL check
 * recurse that deep and answer 500. The payment webhook reads raw bytes and refuses what is unsigned.
 */
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

let t: TestApp;
let user: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  const signedUp = await signInDriver(t.app).signUp('deep@example.com');
  user = signedUp.auth;
  // An organizer, so the console's routes read the body too (anyone else is refused before it is read).
  await grantOrganizer(t.database.db, signedUp.userId);
});
afterAll(() => t.close());

/** The live ingest's routes answer only this machine with the server's ingest key (else a plain 404): it is sent. */
const post = (url: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...user,
      'content-type': 'application/json',
      ...(url.startsWith('/internal/') ? { 'x-ingest-token': deriveKeys(t.config.jwtSecret).ingestControl } : {}),
    },
  });

/**
 * A route that declares a body limit below the app's (a quality beacon takes 1 KB) refuses the deep
 * body by its size before its depth is read: a 413 sentence naming that smaller limit is as clear.
 */
function refusedBySmallerLimit(status: number, message: string, bodyLength: number): boolean {
  const limitKb = Number(/^The request body is too large: at most (\d+) KB is accepted\.$/.exec(message)?.[1]);
  return status === 413 && limitKb * 1024 < bodyLength && limitKb * 1024 < t.config.limits.bodyLimitBytes;
}

describe('every POST route', () => {
  it('answers a body nested 5,000 and 30,000 deep with a 400 sentence, never a 5xx', async () => {
    const routes = listRoutes(t.app).filter((r) => r.method === 'POST');
    expect(routes.length).toBeGreaterThan(15);
    const answers: string[] = [];
    // 30,000 levels is as deep as the 64 KB body limit lets an array go.
    for (const body of [arrays(5_000), objects(5_000), arrays(30_000)]) {
      for (const { url } of routes) {
        const res = await post(url.replace(/:\w+/g, '1'), body);
        const { message } = res.json<{ message: string }>();
        const expected = url === '/v1/payments/webhook' ? 'Webhook signature verification failed' : TOO_DEEP;
        if (refusedBySmallerLimit(res.statusCode, message, body.length)) continue;
        if (res.statusCode !== 400 || message !== expected) answers.push(`${res.statusCode} ${url}: ${message}`);
      }
    }
    expect(answers).toEqual([]);
  }, 60_000);

  it('answers a body too big for the limit (100,000 deep) with a 413 sentence in the envelope', async () => {
    const res = await post('/v1/cart', arrays(100_000));
    expect([res.statusCode, res.json()]).toEqual([
      413,
      {
        success: false,
        message: 'The request body is too large: at most 64 KB is accepted.',
        data: null,
        requestId: expect.any(String),
      },
    ]);
  });
});

describe('the bound', () => {
  it(`is ${MAX_JSON_DEPTH} levels: one more is refused, brackets inside strings do not count`, async () => {
    const atBound = await post('/v1/checkuser', objects(MAX_JSON_DEPTH));
    expect(atBound.statusCode).toBe(400);
    expect(atBound.json().message).not.toBe(TOO_DEEP);
    expect((await post('/v1/checkuser', objects(MAX_JSON_DEPTH + 1))).json().message).toBe(TOO_DEEP);
    const quoted = await post('/v1/checkuser', JSON.stringify({ emailId: `${'['.repeat(200)}@example.com` }));
    expect(quoted.json().message).toBe('E-mail address must look like name@example.com.');
  });
});

describe('before other work', () => {
  it('refuses before the body is parsed, validated or handled', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(jsonBodyPlugin);
    const ran: string[] = [];
    app.post(
      '/probe',
      {
        schema: { body: { type: 'array' } },
        preValidation: async () => {
          ran.push('preValidation');
        },
      },
      async () => {
        ran.push('handler');
        return { ok: true };
      },
    );
    const parse = jest.spyOn(JSON, 'parse');
    try {
      const deep = arrays(MAX_JSON_DEPTH + 1);
      const refused = await app.inject({ method: 'POST', url: '/probe', payload: deep, headers: json });
      expect([refused.statusCode, refused.json().message]).toEqual([400, TOO_DEEP]);
      expect(parse.mock.calls.filter(([text]) => text === deep)).toEqual([]);
      expect(ran).toEqual([]);
      // The same route with a body within the bound runs as usual.
      const served = await app.inject({ method: 'POST', url: '/probe', payload: arrays(3), headers: json });
      expect(served.statusCode).toBe(200);
      expect(ran).toEqual(['preValidation', 'handler']);
    } finally {
      parse.mockRestore();
      await app.close();
    }
  });

  it("keeps Fastify's own refusals: __proto__ and constructor keys, an empty body", async () => {
    for (const payload of ['{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}']) {
      const res = await post('/v1/checkuser', payload);
      expect([res.statusCode, res.json().message]).toEqual([400, 'The request body is not valid JSON.']);
    }
    const empty = await post('/v1/checkuser', '');
    expect(empty.statusCode).toBe(400);
  });
});

const json = { 'content-type': 'application/json' };
