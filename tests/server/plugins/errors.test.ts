// @databases postgres: its outcome does not depend on the kind of database
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withErrors } from '../../../src/server/platform/schemas';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * The shared error mechanism, through a probe route registered the way every feature registers its
 * routes (zod schemas, strict bodies).
 */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/probe',
    {
      schema: {
        body: z.strictObject({ email: z.email(), count: z.number().int() }),
        response: withErrors({ 200: z.object({ success: z.boolean(), message: z.string(), data: z.null() }) }),
      },
    },
    async () => ({ success: true, message: 'ok', data: null }),
  );
  app.get('/v1/probe/boom', async () => {
    throw new Error('connection string postgres://admin:hunter2@db leaked');
  });
};

let t: TestApp;
const logged: string[] = [];
beforeAll(async () => {
  // The server's log lines are kept, to check 5xx details go there and not to the caller.
  t = await createTestApp({ env: { LOG_LEVEL: 'error' }, deps: { logStream: { write: (line) => logged.push(line) } } });
  await t.app.register(probeRoutes);
});
afterAll(() => t.close());

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url: '/v1/probe', payload, headers: { 'content-type': contentType } });

describe('invalid input → 400 naming the field, nothing else changes', () => {
  it('malformed JSON', async () => {
    const res = await post('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'The request body is not valid JSON.', data: null });
  });

  it('an unknown field', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', count: 1, isAdmin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request has a field we do not accept: isAdmin.');
  });

  it('a wrong type', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', count: 'many' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Count must be a number.');
  });

  it('a missing field and a bad e-mail, both named', async () => {
    const res = await post(JSON.stringify({ email: 'nope' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('E-mail address must look like name@example.com. Count is required.');
  });

  it('a body that is not JSON at all', async () => {
    const res = await post('email=a@b.co', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      data: null,
      message: 'The request body must be JSON, sent with Content-Type: application/json.',
    });
  });

  it('a well-formed body passes', async () => {
    const res = await post(JSON.stringify({ email: 'a@b.co', count: 2 }));
    expect(res.statusCode).toBe(200);
  });
});

describe('server errors', () => {
  it('hide their details from the caller and log them with the request id', async () => {
    const res = await t.app.inject({ url: '/v1/probe/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      data: null,
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(res.body).not.toContain('hunter2');
    expect(body.requestId).toBe(res.headers['x-request-id']);
    const line = logged.map((l) => l.trim()).find((l) => l.includes(body.requestId));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({
      level: 50,
      reqId: body.requestId,
      err: { message: expect.stringContaining('hunter2') },
    });
  });
});

describe('unknown API paths', () => {
  it.each(['/v1/nothing-here', '/v1', '/misc/other', '/media/x.m3u8'])(
    '%s is a JSON 404, even for a browser',
    async (url) => {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ success: false, data: null });
    },
  );
});
