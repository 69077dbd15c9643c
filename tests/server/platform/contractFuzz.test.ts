import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { MAX_JSON_DEPTH, TOO_DEEP } from '../../../src/server/platform/jsonDepth';
import { cartDriver, type Who } from '../../utils/cart';
import { documentCheck, type ApiDocument } from '../../utils/openApiCheck';
import { arbitraryFor, hostileValue, mutateObject, type JsonSchema } from '../../utils/schemaArbitrary';
import { createTestApp, type TestApp } from '../../utils/testApp';
import { testConfig } from '../../utils/testConfig';

/**
 * Fuzzing from the contract, as an outside contract tester does: requests generated from the
 * published API document (/openapi.json: each operation's path and query parameters, JSON-encoded
 * filters included, and its body), valid ones and then spoiled ones (wrong types, missing and extra
 * fields, huge strings and numbers, NUL and other control characters, unicode, `__proto__`,
 * duplicated query parameters, JSON nested deeper than the bound, bodies that are not JSON, a method
 * the address does not take), sent with a user's token, a guest's, one that does not verify, or none.
 *
 * Every answer is held to the document: its status is listed for the operation, its media type is the
 * one listed, and its JSON body validates against the listed schema. No answer is a 5xx; every refusal
 * is a sentence, never internals; a nested body is refused as too deep before anything else reads it;
 * a wrong method is a 405 whose Allow lists the address's methods. FUZZ_CASES cases in all (10,000 in
 * CI; `npm run fuzz` runs more), FUZZ_SEED to replay a run; a failure prints the smallest request
 * that fails.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** What a message must never show: stack frames, library or database words, JavaScript's own values. */
const INTERNALS =
  /\bat \S+ \(|\b\w*Error\b|\b(zod|kysely|postgres|pglite|sql|undefined|NaN|ECONN\w*|stack)\b|\[object |\bselect\b.*\bfrom\b|\binsert into\b/i;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const READS_BODY = new Set(['POST', 'DELETE']);
/** What refuses a request before its body is read: the token, the router's length limit, a limit. */
const BEFORE_THE_BODY = new Set([401, 403, 414, 429]);

type Captured = {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  /** The route's own body limit, where it sets one below the app's (a quality beacon: 1 KB). */
  bodyLimit: number | undefined;
};
const routes: Captured[] = [];
let t: TestApp;
let check: ReturnType<typeof documentCheck>;
const callers: Who[] = [];

beforeAll(async () => {
  const base = testConfig();
  // Limits stay on (they are part of what is fuzzed) but high enough that the handlers behind them run.
  const high = 1_000_000;
  const limits = {
    ...base.limits,
    guestTokensPerMinutePerIp: high,
    newsletterSignupsPerMinutePerIp: high,
    codeRequestsPerMinutePerIp: high,
    checkUserPerMinutePerIp: high,
    verifyPerMinutePerIp: high,
    voucherAttemptsPerMinute: high,
    checkoutCallsPerMinute: high,
    cardAttemptsPerMinute: high,
    streamConfigCallsPerMinute: high,
    viewingOpensPerMinute: high,
    viewingHeartbeatsPerMinute: high,
    viewingTakeoversPerMinute: high,
    qualityBeaconsPerMinutePerSession: high,
    qualityBeaconsPerMinutePerAddress: high,
    guestsPerAddress: {
      voucherAttemptsPerMinute: high,
      streamConfigCallsPerMinute: high,
      viewingOpensPerMinute: high,
      liveStateCallsPerMinute: high,
    },
  };
  t = await createTestApp({
    config: { limits },
    deps: {
      onRoute: (route: RouteOptions) => {
        for (const method of ([] as string[]).concat(route.method)) {
          routes.push({
            method,
            url: route.url,
            schema: (route.schema ?? {}) as Captured['schema'],
            bodyLimit: route.bodyLimit,
          });
        }
      },
    },
  });
  check = documentCheck((await t.app.inject({ url: '/openapi.json' })).json<ApiDocument>());
  const people = cartDriver(t.app);
  for (let i = 0; i < 3; i += 1) callers.push(await people.user(`fuzz${i}`), await people.guest(`fuzz guest ${i}`));
  callers.push({ label: 'a token that does not verify', authorization: 'Bearer not.a.token' }, { label: 'no token' });
}, 60_000);
afterAll(() => t?.close());

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/**
 * What a route takes: as the document publishes it (a JSON-encoded parameter by its `content`
 * schema), or from its zod schemas for a route the document leaves out (the payment webhook).
 */
function requestSchemas(route: Captured): { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema } {
  const operation = check.operation(route.method, route.url);
  if (!operation) {
    return {
      params: jsonSchemaOf(route.schema.params),
      query: jsonSchemaOf(route.schema.querystring),
      body: jsonSchemaOf(route.schema.body),
    };
  }
  const objectOf = (where: 'path' | 'query'): JsonSchema | undefined => {
    const parameters = (operation.parameters ?? []).filter((p) => p.in === where);
    if (parameters.length === 0) return undefined;
    return {
      type: 'object',
      properties: Object.fromEntries(
        parameters.map((p) => [p.name, p.schema ?? p.content?.['application/json']?.schema ?? {}]),
      ),
      required: parameters.filter((p) => p.required).map((p) => p.name),
    };
  };
  return {
    params: objectOf('path'),
    query: objectOf('query'),
    body: operation.requestBody?.content['application/json']?.schema,
  };
}

/** A query value as a browser would write it: text as it is, anything else (a JSON filter) as JSON. */
const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Bodies that are not JSON, each with the Content-Type it would come with (none: no header). */
const NOT_JSON: [contentType: string | undefined, payload: string][] = [
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['application/xml', '<cart><asset_id>1</asset_id></cart>'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  [undefined, '{"asset_id":1}'],
];

/** JSON nested deeper than the bound: bare, or as a field's value of an otherwise fine body. */
const deepJson = fc
  .record({
    depth: fc.integer({ min: MAX_JSON_DEPTH + 1, max: 5_000 }),
    shape: fc.constantFrom('arrays', 'objects', 'in a field'),
  })
  .map(({ depth, shape }) => {
    if (shape === 'objects') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const arrays = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    return shape === 'arrays' ? arrays : `{"asset_id":${arrays}}`;
  });

type Variant = 'as generated' | 'wrong method' | 'not JSON' | 'too deep';
type Fuzzed = {
  variant: Variant;
  method: string;
  url: string;
  contentType?: string;
  payload?: string;
  caller: number;
};

/** The methods a route's pattern is registered with (HEAD with GET). */
function allowedAt(url: string): string[] {
  const methods = new Set(routes.filter((r) => r.url === url).map((r) => r.method));
  if (methods.has('GET')) methods.add('HEAD');
  return ['GET', 'HEAD', ...METHODS.slice(1)].filter((m) => methods.has(m));
}

/** Fastify's default `maxParamLength`: a longer path segment is refused by the router (414). */
const MAX_PARAM_LENGTH = 100;

/**
 * The methods a concrete path takes, asked of Fastify's own router (find-my-way), not of the
 * server's 405 logic: `/v1/profile/update` also takes GET, since GET /v1/profile/:userId matches it.
 * A segment past the router's length limit makes it answer for any method, so there the route's
 * own pattern says.
 */
const pastTheLimit = (url: string) =>
  url
    .split('?')[0]!
    .split('/')
    .some((segment) => segment.length > MAX_PARAM_LENGTH);

function routerAllows(route: Captured, url: string): string[] {
  // A path parameter of '.' or '..' is a dot segment: the URL is resolved without it before it is
  // routed (as a browser resolves it), so the methods are those of the resolved path.
  const path = new URL(url.split('?')[0]!, 'http://localhost').pathname;
  if (pastTheLimit(path)) return allowedAt(route.url);
  return ['GET', 'HEAD', ...METHODS.slice(1)].filter((method) =>
    t.app.findRoute({ method: method as 'GET', url: path }),
  );
}

/** Requests for one route: valid from what it takes, or spoiled in one place. */
function requestsFor(route: Captured): fc.Arbitrary<Fuzzed> {
  const { params, query, body } = requestSchemas(route);
  const validParams = params ? arbitraryFor(params) : fc.constant({});
  const validQuery = query ? arbitraryFor(query) : fc.constant({});
  const validBody = body ? arbitraryFor(body) : fc.constant(undefined);
  const spoil = (valid: fc.Arbitrary<unknown>) =>
    valid.chain((v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? mutateObject(v as Record<string, unknown>) : hostileValue,
    );
  const part = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: spoil(valid) });
  const wrongMethods = METHODS.filter((m) => !allowedAt(route.url).includes(m));
  const readsBody = READS_BODY.has(route.method);
  const variant: fc.Arbitrary<Variant> = fc.oneof(
    { weight: 16, arbitrary: fc.constant('as generated' as const) },
    { weight: wrongMethods.length ? 1 : 0, arbitrary: fc.constant('wrong method' as const) },
    { weight: readsBody ? 1 : 0, arbitrary: fc.constant('not JSON' as const) },
    { weight: readsBody ? 2 : 0, arbitrary: fc.constant('too deep' as const) },
  );
  return fc
    .record({
      variant,
      params: part(validParams),
      query: part(validQuery),
      body: body ? part(validBody) : fc.constant(undefined),
      duplicateQuery: fc.boolean(),
      protoInBody: fc.boolean(),
      caller: fc.nat({ max: callers.length - 1 }),
      wrongMethod: wrongMethods.length ? fc.constantFrom(...wrongMethods) : fc.constant(route.method),
      notJson: fc.constantFrom(...NOT_JSON),
      deep: deepJson,
    })
    .map(({ variant, params: p, query: q, body: b, duplicateQuery, protoInBody, caller, ...spoils }) => {
      const values = p && typeof p === 'object' ? (p as Record<string, unknown>) : {};
      const path = route.url.replace(
        /:(\w+)/g,
        (_m, name: string) => encodeURIComponent(Buffer.from(asQueryValue(values[name] ?? p)).toString()) || '0',
      );
      const search = new URLSearchParams();
      if (q && typeof q === 'object' && !Array.isArray(q)) {
        for (const [k, v] of Object.entries(q)) {
          search.append(k, asQueryValue(v));
          if (duplicateQuery) search.append(k, asQueryValue(v));
        }
      } else if (q !== undefined) search.append('filter', asQueryValue(q));
      const url = `${path}${search.size ? `?${search}` : ''}`;
      if (variant === 'wrong method') return { variant, method: spoils.wrongMethod, url, caller };
      if (variant === 'not JSON') {
        const [contentType, payload] = spoils.notJson;
        return { variant, method: route.method, url, caller, payload, ...(contentType ? { contentType } : {}) };
      }
      if (variant === 'too deep') {
        return { variant, method: route.method, url, caller, contentType: 'application/json', payload: spoils.deep };
      }
      let payload = b === undefined ? undefined : JSON.stringify(b);
      // "__proto__" as a key of the JSON text itself (an object literal would set the prototype instead).
      if (payload?.startsWith('{') && protoInBody)
        payload = `{"__proto__":{"isAdmin":true,"userId":1},${payload.slice(1)}`.replace(/,}$/, '}');
      return {
        variant,
        method: route.method,
        url,
        caller,
        ...(payload !== undefined ? { contentType: 'application/json', payload } : {}),
      };
    });
}

/** The request, as a failure prints it. */
const described = (req: Fuzzed) =>
  `${req.variant}: ${req.method} ${req.url.slice(0, 300)} as ${callers[req.caller]!.label}` +
  `${req.contentType ? ` [${req.contentType}]` : ''}${req.payload === undefined ? '' : ` ${req.payload.slice(0, 200)}`}`;

/** What is wrong with one answer, or null. */
function problemWith(route: Captured, req: Fuzzed, res: Answer): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 300)}`;
  const json = /json/.test(String(res.headers['content-type']));
  const message = json && res.body ? (JSON.parse(res.body) as { message?: unknown }).message : undefined;
  // What the visitor sent, quoted back ("No event \"NaN\""), is theirs, not internals.
  if (res.statusCode >= 400 && json) {
    if (typeof message !== 'string' || message.trim() === '' || INTERNALS.test(message.replace(/".*"/s, '""')))
      return `${res.statusCode} with message ${JSON.stringify(message)}`;
  }
  if (req.variant === 'wrong method') {
    const allowed = routerAllows(route, req.url);
    // Another route's pattern takes this method at this path: its answer is that route's, not a 405.
    if (allowed.includes(req.method)) return null;
    // The router refuses a segment past its limit before it looks for methods.
    if (pastTheLimit(req.url) && res.statusCode === 414) return null;
    // A dot segment resolved away can leave an address no route answers: that is a 404.
    if (allowed.length === 0 && res.statusCode === 404) return null;
    const allow = allowed.join(', ');
    if (res.statusCode !== 405 || res.headers.allow !== allow)
      return `${res.statusCode} (Allow: ${String(res.headers.allow)}), not 405 with Allow: ${allow}`;
    const body = JSON.parse(res.body) as Record<string, unknown>;
    return body.success === false && body.data === null && typeof body.requestId === 'string'
      ? null
      : `405 outside the envelope: ${res.body}`;
  }
  if (req.variant === 'too deep' && route.url !== '/v1/payments/webhook') {
    // A route with a small body limit refuses the deep body as too large before it reads it: as good.
    const tooLarge =
      res.statusCode === 413 && route.bodyLimit !== undefined && Buffer.byteLength(req.payload ?? '') > route.bodyLimit;
    if (tooLarge) return null;
    if (res.statusCode === 400 ? message !== TOO_DEEP : !BEFORE_THE_BODY.has(res.statusCode))
      return `${res.statusCode} ${String(message)}: not refused as too deep`;
  }
  return check.operation(route.method, route.url) ? check.problem(route.method, route.url, res) : null;
}
type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** Every route of the document, and the API routes it leaves out (the payment webhook). */
const fuzzable = () =>
  routes.filter(
    (r) =>
      ['GET', 'POST', 'DELETE'].includes(r.method) &&
      (check.operation(r.method, r.url) !== undefined || r.url.startsWith('/v1/') || r.url.startsWith('/payments/')),
  );

describe('fuzzing from the contract', () => {
  it(
    `${CASES} generated requests over every API route, every answer as the document says (seed printed)`,
    async () => {
      const targets = fuzzable();
      expect(targets.length).toBeGreaterThan(30);
      const perRoute = Math.ceil(CASES / targets.length);
      const statuses = new Map<string, number>();
      let sent = 0;
      for (const route of targets) {
        await fc.assert(
          fc.asyncProperty(requestsFor(route), async (req) => {
            // A logout would end the fuzzing users' sessions for every later request: it is sent without a user's
            // token.
            const who =
              route.url === '/v1/logout' && callers[req.caller]!.userId ? callers.at(-1)! : callers[req.caller]!;
            // Each request from its own address, as many visitors are: per-address limits do not hide the handlers.
            const remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
            sent += 1;
            const res = await t.app.inject({
              method: req.method as 'GET',
              url: req.url,
              remoteAddress,
              headers: {
                ...(who.authorization ? { authorization: who.authorization } : {}),
                ...(req.contentType ? { 'content-type': req.contentType } : {}),
              },
              ...(req.payload !== undefined ? { payload: req.payload } : {}),
            });
            const key = `${req.variant} ${res.statusCode}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            const problem = problemWith(route, req, res);
            if (problem) throw new Error(`${problem}\n  for ${described(req)}`);
          }),
          { numRuns: perRoute, seed: SEED, endOnFailure: true },
        );
      }
      console.log(
        `contract fuzz, seed ${SEED}: ${sent} requests over ${targets.length} routes; ` +
          `answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      expect(sent).toBeGreaterThanOrEqual(CASES);
    },
    Number(process.env.FUZZ_CASES ?? 10_000) * 20 + 60_000,
  );
});
