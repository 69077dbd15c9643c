// @databases postgres: its outcome does not depend on the kind of database
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../utils/testApp';

/**
 * The API document (/openapi.json): valid OpenAPI 3.1 by a standard validator, made from the same
 * zod schemas that check requests, with every route that has a schema in it (a route left out fails
 * here), each route's token requirement, and the reference page only for callers on this machine.
 */

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: {
    content: Record<string, { schema: { properties?: Record<string, { type?: string }>; required?: string[] } }>;
  };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

const described: { method: string; url: string }[] = [];
let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp({
    deps: {
      onRoute: (route: RouteOptions) => {
        const schema = (route.schema ?? {}) as { hide?: boolean };
        if (Object.keys(schema).length === 0 || schema.hide) return;
        for (const method of ([] as string[]).concat(route.method))
          if (method !== 'HEAD') described.push({ method: method.toLowerCase(), url: route.url });
      },
    },
  });
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
}, 60_000);
afterAll(() => t?.close());

/** Fastify's `/cart/:id` as OpenAPI writes it: `/cart/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const op = (method: string, path: string) => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};

it('is a valid OpenAPI 3.1 document (@seriousme/openapi-schema-validator, the official schema)', async () => {
  // The validator is ESM only and finds its schemas through import.meta, which jest's CommonJS cannot
  // give it: it runs in plain Node, reading the document on stdin.
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { Validator } from '${pathToFileURL(require.resolve('@seriousme/openapi-schema-validator')).href}';
       import { text } from 'node:stream/consumers';
       const result = await new Validator().validate(JSON.parse(await text(process.stdin)));
       process.stdout.write(JSON.stringify(result));`,
    ],
    { input: JSON.stringify(doc), encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  const result = JSON.parse(run.stdout) as { valid: boolean; errors?: unknown };
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(doc.openapi).toBe('3.1.0');
});

it('has every route that has a schema, and nothing else', () => {
  expect(described.length).toBeGreaterThan(30);
  const inDocument = Object.entries(doc.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m} ${path}`))
    .sort();
  const registered = described.map((r) => `${r.method} ${openApiPath(r.url)}`).sort();
  expect(inDocument).toEqual(registered);
  // The app's pages, files and the document itself are not API operations.
  expect(
    Object.keys(doc.paths).filter((p) => !p.startsWith('/v1/') && !/^\/(healthz|readyz|misc|payments)/.test(p)),
  ).toEqual([]);
});

it('describes requests from the contract: a body with its required fields and types, a path parameter, a query', () => {
  const addToCart = op('post', '/v1/cart');
  const body = addToCart.requestBody!.content['application/json']!.schema;
  expect(body.required).toContain('asset_id');
  expect(body.properties!.asset_id!.type).toBe('integer');
  expect(op('get', '/v1/cart/{id}').parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
  );
  expect(op('get', '/v1/order/history').parameters!.map((p) => p.name)).toEqual(
    expect.arrayContaining(['userId', 'offset', 'limit']),
  );
});

it('describes answers: the success envelope, and the error envelope of each refusal, status by status', () => {
  const responses = op('get', '/v1/cart').responses;
  expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '500', '503']);
  expect(Object.keys(responses['200']!.content!['application/json']!.schema.properties!)).toEqual(
    expect.arrayContaining(['success', 'message', 'data']),
  );
  expect(Object.keys(responses['403']!.content!['application/json']!.schema.properties!)).toEqual(
    expect.arrayContaining(['success', 'message', 'data', 'requestId']),
  );
});

it('describes every operation: a summary, a description and at least one tag (the README keeps no call table)', () => {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, o]) => ({ at: `${method} ${path}`, o })),
  );
  const undescribed = operations
    .filter(
      ({ o }) => !o.summary?.trim() || !o.description?.trim() || !o.tags?.length || o.tags.some((tag) => !tag.trim()),
    )
    .map(({ at }) => at);
  expect(undescribed).toEqual([]);
  expect(operations.every(({ o }) => o.summary!.length <= 70)).toBe(true);
  // The route's own words follow the token note: a user's call keeps both.
  expect(op('post', '/v1/order/createCartOrder').description).toMatch(
    /^Needs a signed-in user's token\. Answers the order/,
  );
});

it("says which calls need a token: a user's, anyone's, or none", () => {
  expect(doc.components.securitySchemes).toHaveProperty('bearer');
  expect(op('post', '/v1/cart').security).toEqual([{ bearer: [] }]);
  expect(op('post', '/v1/order/createCartOrder').security).toEqual([{ bearer: [] }]);
  expect(op('get', '/v1/token/guest').security).toEqual([]);
  expect(op('get', '/v1/carousel').security).toEqual([{}, { bearer: [] }]);
});

it('the reference page /dev/api lists every operation, for callers on this machine only', async () => {
  const page = await t.app.inject({
    method: 'GET',
    url: '/dev/api',
    remoteAddress: '127.0.0.1',
    headers: { host: 'localhost:3000' },
  });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  for (const { method, url } of described) expect(page.body).toContain(`${method.toUpperCase()} ${openApiPath(url)}`);
  // Each operation's summary beside its heading, its description (escaped) under it.
  expect(page.body).toContain('<code>/v1/cart</code> — Add an event to the cart');
  expect(page.body).toContain('<p>Needs a token: a guest&#39;s or a user&#39;s. Adds the event');
  const fromAfar = await t.app.inject({
    method: 'GET',
    url: '/dev/api',
    remoteAddress: '203.0.113.9',
    headers: { host: 'shop.example' },
  });
  expect(fromAfar.statusCode).toBe(404);
  const forwarded = await t.app.inject({
    method: 'GET',
    url: '/dev/api',
    remoteAddress: '127.0.0.1',
    headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' },
  });
  expect(forwarded.statusCode).toBe(404);
});
