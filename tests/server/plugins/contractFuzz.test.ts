// @databases postgres: its outcome does not depend on the kind of database
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { MAX_JSON_DEPTH, TOO_DEEP } from '../../../src/server/platform/jsonDepth';
import type { Who } from '../../utils/cart';
import { changedTables, dbFingerprint } from '../../utils/dbFingerprint';
import { forgedAuthorizations, notJson, spoilNested, UNASKED_BODIES } from '../../utils/fuzzRefusals';
import { STUDIO_COUPON_MESSAGES } from '../../../src/shared/contract/studioCoupons';
import { CANNOT_REACH_2XX, COSTLY, VALID, type Generated, type Realized } from '../../utils/fuzzValidRequests';
import { openFuzzWorld, type CapturedRoute, type FuzzWorld } from '../../utils/fuzzWorld';
import { arbitraryFor, hostileValue, mutateObject, type JsonSchema } from '../../utils/schemaArbitrary';

/**
 * Fuzzing from the contract, as an outside contract tester does: requests generated from the
 * published API document (/openapi.json: each operation's path and query parameters, JSON-encoded
 * filters included, and its body) and sent into a world with real shoppers, guests, an organizer,
 * tickets, orders and a live show (tests/utils/fuzzWorld.ts).
 *
 * First, requests that should succeed and requests spoiled in one place. A valid one is generated
 * from the schemas and then made valid enough to succeed (tests/utils/fuzzValidRequests.ts: the
 * caller the route needs, ids that exist, the caller's own cart), so every route answers 2xx to at
 * least a fifth of what it is sent, unless it is listed, with why, as one no request can bring to a
 * 2xx. A spoiled one has wrong types, missing and extra fields, huge strings and numbers, NUL and
 * other control characters, unicode, `__proto__` or duplicated query parameters, from any caller.
 *
 * Then refusals, each sent with everything else right (the caller, the ids, the body): every method
 * the address does not take, and the route's own method at an address that is another path's (GET
 * /v1/cart/remove for GET /v1/cart/{id}: a concrete path is matched before a templated one), a body
 * that is not JSON (text, a form, multipart, XML, no Content-Type), a valid body with one value deep
 * inside it of the wrong type, a body where the route takes none, JSON nested deeper than the bound,
 * and Authorization headers that prove nothing (garbage, another scheme, alg none, a changed
 * signature, expired, another secret). Each is a 4xx with a sentence (never a 5xx), and the database
 * is the same after a route's refusals as before them.
 *
 * Every answer is held to the document: its status is listed for the operation of the path it was
 * sent to (as OpenAPI matches paths), its media type is the one listed, and its JSON body validates
 * against the listed schema; every 405's `Allow` names exactly the methods that path answers by the
 * document (tests/utils/pathOwners.ts). The server is built with a client, so its pages' catch-all
 * is there as in production. No refusal's message shows internals. FUZZ_CASES requests in the first
 * part (about 2,000 in CI; `npm run fuzz` runs more), FUZZ_SEED to replay a run; a failure prints
 * the request that failed.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 2_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** The share of a route's answers that must be 2xx, unless it is listed as unable to reach one. */
const FLOOR = 0.2;
/** What a message must never show: stack frames, library or database words, JavaScript's own values. */
const INTERNALS =
  /\bat \S+ \(|\b\w*Error\b|\b(zod|kysely|postgres|pglite|sql|undefined|NaN|ECONN\w*|stack)\b|\[object |\bselect\b[^"]*?\bfrom\b|\binsert into\b/i;
/**
 * What the visitor sent, quoted back ("No event \"NaN\""), is theirs, not internals: each quoted
 * value on its own, so the text between two quoted values is still read.
 */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS'];
const READS_BODY = new Set(['POST', 'PUT', 'DELETE']);
/** What refuses a request before its body is read: the token, the router's length limit, a limit. */
const BEFORE_THE_BODY = new Set([401, 403, 414, 429]);
/** Fastify's default `maxParamLength`: a longer path segment is refused by the router (414). */
const MAX_PARAM_LENGTH = 100;
/** Routes that read their body themselves, as bytes, with no JSON schema for it. */
const READS_OWN_BODY = new Map([
  ['POST /v1/studio/images', "a picture's bytes, whatever the Content-Type says (checked by content)"],
  ['POST /v1/payments/webhook', "the payment provider's event, its signature checked over the raw bytes"],
]);

/** Routes that also read a form, as a browser's form posts it: a form is not a wrong format there. */
const TAKES_FORMS = new Map([['POST /payments/sandbox/authenticate/:intentId', "the sandbox payment page's own form"]]);

let w: FuzzWorld;
/** Callers of spoiled requests: any kind, and a token that does not verify, and none. */
const callers: Who[] = [];

beforeAll(async () => {
  w = await openFuzzWorld();
  callers.push(...w.shoppers, ...w.guests, w.organizer);
  callers.push({ label: 'a token that does not verify', authorization: 'Bearer not.a.token' }, { label: 'no token' });
}, 120_000);
afterAll(() => w?.t.close());

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/**
 * What a route takes: as the document publishes it (a JSON-encoded parameter by its `content`
 * schema), or from its zod schemas for a route the document leaves out (the payment webhook).
 */
function requestSchemas(route: CapturedRoute): {
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  jsonQuery: Set<string>;
} {
  const operation = w.check.operation(route.method, route.url);
  if (!operation) {
    return {
      params: jsonSchemaOf(route.schema.params),
      query: jsonSchemaOf(route.schema.querystring),
      body: jsonSchemaOf(route.schema.body),
      jsonQuery: new Set(),
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
    jsonQuery: new Set((operation.parameters ?? []).filter((p) => p.in === 'query' && p.content).map((p) => p.name)),
  };
}

/** A query value as a browser would write it: text as it is, anything else (a JSON filter) as JSON. */
const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** Fields laid over others; a field set to undefined is removed. */
const over = (base: unknown, fields: Record<string, unknown> | undefined) =>
  Object.fromEntries(Object.entries({ ...asRecord(base), ...fields }).filter(([, v]) => v !== undefined));

type Variant =
  | 'valid'
  | 'spoiled'
  | 'wrong method'
  | 'not JSON'
  | 'nested spoil'
  | 'body where none is taken'
  | 'too deep'
  | 'forged token';
type Fuzzed = {
  variant: Variant;
  method: string;
  url: string;
  who: Who;
  headers: Record<string, string>;
  contentType?: string;
  payload?: string;
  remoteAddress?: string;
  /** What the variant changed, for the failure's message. */
  note?: string;
};

/** A URL from a route's pattern, its path values and its query. */
function urlOf(route: CapturedRoute, params: unknown, query: unknown, duplicateQuery = false): string {
  const values = asRecord(params);
  const path = route.url.replace(
    /:(\w+)/g,
    (_m, name: string) => encodeURIComponent(Buffer.from(asQueryValue(values[name] ?? params)).toString()) || '0',
  );
  const search = new URLSearchParams();
  if (query && typeof query === 'object' && !Array.isArray(query)) {
    for (const [k, v] of Object.entries(query)) {
      search.append(k, asQueryValue(v));
      if (duplicateQuery) search.append(k, asQueryValue(v));
    }
  } else if (query !== undefined) search.append('filter', asQueryValue(query));
  return `${path}${search.size ? `?${search}` : ''}`;
}

/** The generated parts of a request valid for the route's schemas. */
function generatedFor(route: CapturedRoute): fc.Arbitrary<Generated> {
  const { params, query, body } = requestSchemas(route);
  return fc.record({
    params: (params ? arbitraryFor(params) : fc.constant({})).map(asRecord),
    query: (query ? arbitraryFor(query) : fc.constant({})).map(asRecord),
    body: body ? arbitraryFor(body) : fc.constant(undefined),
    pick: fc.nat({ max: 1_000_000 }),
  });
}

/** The caller a route asks for, where no entry of VALID says more. */
const callerFor = (route: CapturedRoute): Who =>
  route.auth === 'organizer'
    ? w.organizer
    : route.auth === 'user'
      ? w.shoppers[0]!
      : route.auth === 'guest'
        ? w.guests[0]!
        : { label: 'no token' };

/** A valid request's parts, made valid enough by the route's entry in VALID: its caller, its values, its headers. */
type Valid = {
  route: CapturedRoute;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  r: Realized;
};
async function realize(route: CapturedRoute, g: Generated): Promise<Valid> {
  const make = VALID[keyOf(route)];
  const r: Realized = make ? await make(w, g) : { as: callerFor(route) };
  const body = r.replaceBody ? r.body : g.body === undefined && !r.body ? undefined : over(g.body, r.body);
  return { route, params: over(g.params, r.params), query: over(g.query, r.query), body, r };
}

/** The request of valid parts (`body: undefined` sends none). */
function requestOf(v: Valid, variant: Variant = 'valid', change: Partial<Valid> = {}): Fuzzed {
  const { route, params, query, body, r } = { ...v, ...change };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return {
    variant,
    method: route.method,
    url: urlOf(route, params, query),
    who: r.as,
    headers: { ...r.headers, ...(payload !== undefined && r.signed ? r.signed(payload) : {}) },
    ...(payload !== undefined ? { contentType: 'application/json', payload } : {}),
    ...(r.remoteAddress ? { remoteAddress: r.remoteAddress } : {}),
  };
}

/** A request spoiled in one place or more (wrong types, missing or extra fields, hostile values), from anyone. */
function spoiledFor(route: CapturedRoute): fc.Arbitrary<Fuzzed> {
  const { params, query, body } = requestSchemas(route);
  const valid = (s: JsonSchema | undefined, none: unknown) => (s ? arbitraryFor(s) : fc.constant(none));
  const spoil = (v: fc.Arbitrary<unknown>) =>
    v.chain((x) => (x && typeof x === 'object' && !Array.isArray(x) ? mutateObject(asRecord(x)) : hostileValue));
  const part = (v: fc.Arbitrary<unknown>) => fc.oneof({ weight: 1, arbitrary: v }, { weight: 2, arbitrary: spoil(v) });
  return (
    fc
      .record({
        params: part(valid(params, {})),
        query: part(valid(query, {})),
        body: body ? part(valid(body, undefined)) : fc.constant(undefined),
        duplicateQuery: fc.boolean(),
        protoInBody: fc.boolean(),
        caller: fc.nat({ max: callers.length - 1 }),
      })
      // A logout would end a fuzzing user's sessions for every later request: it is sent without a user's token.
      .map(({ params: p, query: q, body: b, duplicateQuery, protoInBody, caller }) => {
        let payload = b === undefined ? undefined : JSON.stringify(b);
        // "__proto__" as a key of the JSON text itself (an object literal would set the prototype instead).
        if (payload?.startsWith('{') && protoInBody)
          payload = `{"__proto__":{"isAdmin":true,"userId":1},${payload.slice(1)}`.replace(/,}$/, '}');
        return {
          variant: 'spoiled' as const,
          method: route.method,
          url: urlOf(route, p, q, duplicateQuery),
          who: route.url === '/v1/logout' && callers[caller]!.userId ? callers.at(-1)! : callers[caller]!,
          headers: {},
          ...(payload !== undefined ? { contentType: 'application/json', payload } : {}),
        };
      })
  );
}

async function send(req: Fuzzed): Promise<LightMyRequestResponse> {
  return w.app.inject({
    method: req.method as 'GET',
    url: req.url,
    // Each request from its own address, as many visitors are: per-address limits do not hide the handlers.
    remoteAddress: req.remoteAddress ?? w.address(),
    headers: {
      ...(req.who.authorization ? { authorization: req.who.authorization } : {}),
      ...(req.contentType ? { 'content-type': req.contentType } : {}),
      ...req.headers,
    },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
}

/** The request, as a failure prints it. */
const described = (req: Fuzzed) =>
  `${req.variant}${req.note ? ` (${req.note})` : ''}: ${req.method} ${req.url.slice(0, 300)} as ${req.who.label}` +
  `${req.contentType ? ` [${req.contentType}]` : ''}${req.payload === undefined ? '' : ` ${req.payload.slice(0, 200)}`}`;

const pastTheLimit = (url: string) =>
  url
    .split('?')[0]!
    .split('/')
    .some((segment) => segment.length > MAX_PARAM_LENGTH);

/**
 * The path a request reaches: a path parameter of '.' or '..' is a dot segment, resolved away before
 * the request is routed (as a browser resolves it).
 */
const reached = (url: string) => new URL(url.split('?')[0]!, 'http://localhost').pathname;
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/** A refusal's message, when it is a sentence without internals; otherwise what is wrong with it. */
export function messageProblem(res: Answer): string | null {
  if (res.statusCode < 400 || !/json/.test(String(res.headers['content-type']))) return null;
  const message = res.body ? (JSON.parse(res.body) as { message?: unknown }).message : undefined;
  if (typeof message !== 'string' || message.trim() === '' || INTERNALS.test(message.replace(QUOTED, '""')))
    return `${res.statusCode} with message ${JSON.stringify(message)}`;
  return null;
}

/** What the refusals must be answered with, past no 5xx and a sentence. */
const REFUSED_AS: Partial<Record<Variant, (route: CapturedRoute, req: Fuzzed, res: Answer) => string | null>> = {
  'wrong method': (_route, req, res) => {
    const path = reached(req.url);
    if (pastTheLimit(path) && res.statusCode === 414) return null;
    // A dot segment resolved away can leave an address no path of the document matches: that is a 404.
    if (w.owners.ownerOf(path) === undefined && res.statusCode === 404) return null;
    return res.statusCode === 405
      ? null
      : `${res.statusCode}, not 405 with Allow: ${w.owners.methodsAt(path).join(', ')}`;
  },
  'too deep': (route, req, res) => {
    // A route with a small body limit refuses the deep body as too large before it reads it: as good.
    const tooLarge =
      res.statusCode === 413 && route.bodyLimit !== undefined && Buffer.byteLength(req.payload ?? '') > route.bodyLimit;
    const message = (JSON.parse(res.body) as { message?: unknown }).message;
    if (tooLarge) return null;
    return (res.statusCode === 400 ? message === TOO_DEEP : BEFORE_THE_BODY.has(res.statusCode))
      ? null
      : `${res.statusCode} ${String(message)}: not refused as too deep`;
  },
  'not JSON': (_route, _req, res) => ([400, 415].includes(res.statusCode) ? null : `${res.statusCode}, not 415`),
  'nested spoil': (_route, _req, res) => (res.statusCode === 400 ? null : `${res.statusCode}, not 400`),
  'body where none is taken': (_route, _req, res) => (res.statusCode === 400 ? null : `${res.statusCode}, not 400`),
  'forged token': (_route, _req, res) => (res.statusCode === 401 ? null : `${res.statusCode}, not 401`),
};

const ajv = new Ajv2020({ strict: false });
addFormats(ajv);
/** Whether a value is one the schema refuses (a spoil that happens to be valid is not sent as a refusal). */
const refuses = (schema: JsonSchema, value: unknown) => !ajv.validate(schema, value);

/**
 * The addresses of the more concrete paths a route's pattern would match: the route's address with a
 * parameter filled by another path's name there (`/v1/cart/remove` for `/v1/cart/{id}`).
 */
function namedAddresses(route: CapturedRoute, address: string): string[] {
  const mine = openApiPath(route.url).split('/');
  const sent = address.split('/');
  const parameter = (segment: string) => segment.startsWith('{');
  return w.owners
    .templates()
    .map((other) => other.split('/'))
    .filter(
      (theirs) =>
        theirs.length === mine.length &&
        theirs.some((t, i) => parameter(mine[i]!) && !parameter(t) && t !== '*') &&
        theirs.every((t, i) => t === mine[i] || (parameter(mine[i]!) && t !== '*')),
    )
    .map((theirs) => theirs.map((t, i) => (parameter(mine[i]!) && !parameter(t) ? t : sent[i]!)).join('/'));
}

/** JSON nested deeper than the bound: bare, or as a field's value of an otherwise fine body. */
const tooDeep = (depth: number): [string, string][] => [
  ['arrays', `${'['.repeat(depth)}${']'.repeat(depth)}`],
  ['objects', `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
  ['in a field', `{"asset_id":${'['.repeat(depth)}${']'.repeat(depth)}}`],
];

/**
 * The refusals one route is sent, each from a valid request (the right caller, values that exist)
 * changed in one way only. `bases` are valid requests' parts, made before the database is looked at.
 */
function refusalsFor(route: CapturedRoute, bases: Valid[], pick: number): Fuzzed[] {
  const key = keyOf(route);
  const { body: bodySchema, query: querySchema, jsonQuery } = requestSchemas(route);
  const readsJson = READS_BODY.has(route.method) && !READS_OWN_BODY.has(key);
  const base = (i: number) => bases[i % bases.length]!;
  const out: Fuzzed[] = [];
  // Every method the address does not take (another route's method here is that route's request, not a refusal).
  const address = reached(requestOf(base(0)).url);
  for (const [i, method] of METHODS.filter((m) => !w.owners.methodsAt(address).includes(m)).entries())
    out.push({ ...requestOf(base(i), 'wrong method'), method });
  // The route's method at the addresses of more concrete paths its pattern would match.
  for (const url of namedAddresses(route, address))
    if (!w.owners.methodsAt(url).includes(route.method))
      out.push({ ...requestOf(base(0), 'wrong method'), url, note: `at ${w.owners.ownerOf(url)}` });
  if (readsJson && bodySchema) {
    for (const [contentType, payload] of notJson(base(0).body)) {
      if (contentType === 'application/x-www-form-urlencoded' && TAKES_FORMS.has(key)) continue;
      out.push({
        ...requestOf(base(0), 'not JSON'),
        payload,
        note: contentType ?? 'no Content-Type',
        ...(contentType ? { contentType } : { contentType: undefined }),
      });
    }
  }
  for (const [i, b] of bases.entries()) {
    const spoiled = bodySchema && b.body !== undefined ? spoilNested(b.body, bodySchema, pick + i) : null;
    if (spoiled && refuses(bodySchema!, spoiled.value))
      out.push({ ...requestOf(b, 'nested spoil', { body: spoiled.value }), note: `body.${spoiled.at}` });
    for (const name of jsonQuery) {
      const filterSchema = querySchema?.properties?.[name];
      const inQuery = filterSchema ? spoilNested(b.query[name], filterSchema, pick + i) : null;
      if (inQuery && refuses(filterSchema!, inQuery.value))
        out.push({
          ...requestOf(b, 'nested spoil', { query: { ...b.query, [name]: inQuery.value } }),
          note: `${name}.${inQuery.at}`,
        });
    }
  }
  if (READS_BODY.has(route.method) && !bodySchema && !READS_OWN_BODY.has(key)) {
    for (const payload of UNASKED_BODIES)
      out.push({ ...requestOf(base(0), 'body where none is taken'), contentType: 'application/json', payload });
  }
  if (READS_BODY.has(route.method) && key !== 'POST /v1/payments/webhook') {
    for (const [shape, payload] of tooDeep(MAX_JSON_DEPTH + 1 + (pick % 4_000)))
      out.push({ ...requestOf(base(0), 'too deep'), contentType: 'application/json', payload, note: shape });
  }
  // A route that reads no token ('none') is answered the same whatever Authorization says.
  if (route.auth !== 'none') {
    for (const [label, authorization] of forgedAuthorizations(base(0).r.as.authorization))
      out.push({ ...requestOf(base(0), 'forged token'), who: { label, authorization } });
  }
  return out;
}

/** A 405's problem: `Allow` names exactly the methods the path answers by the document, and not the request's. */
function allowProblem(req: Fuzzed, res: Answer): string | null {
  if (res.statusCode !== 405) return null;
  const path = reached(req.url);
  const allowed = w.owners.methodsAt(path);
  if (allowed.includes(req.method)) return `405 for ${req.method}, which ${path} takes (${allowed.join(', ')})`;
  if (res.headers.allow !== allowed.join(', '))
    return `405 with Allow: ${String(res.headers.allow)}, not Allow: ${allowed.join(', ')}`;
  if (req.method === 'HEAD') return null;
  const body = JSON.parse(res.body) as Record<string, unknown>;
  return body.success === false && body.data === null && typeof body.requestId === 'string'
    ? null
    : `405 outside the envelope: ${res.body}`;
}

/**
 * The answer held to the document's operation for the path the request reached: the route's own, or
 * another path's that is more concrete (a 405 when it does not take the method), or none (a 404).
 */
function documentProblem(route: CapturedRoute, req: Fuzzed, res: Answer): string | null {
  const path = reached(req.url);
  const owner = w.owners.ownerOf(path);
  if (owner === undefined) return res.statusCode === 404 ? null : `${res.statusCode} at ${path}, which no path matches`;
  const operation = owner === openApiPath(route.url) ? route.url : owner;
  if (!w.owners.methodsAt(path).includes(req.method))
    return res.statusCode === 405 ? null : `${res.statusCode} at ${path}, which is ${owner}'s: not 405`;
  return w.check.operation(req.method, operation) ? w.check.problem(req.method, operation, res) : null;
}

/** What is wrong with one answer, or null. */
function problemWith(route: CapturedRoute, req: Fuzzed, res: Answer): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}: ${res.body.slice(0, 300)}`;
  const refusal = REFUSED_AS[req.variant];
  if (refusal && res.statusCode < 400) return `${res.statusCode}: a refusal was let through: ${res.body.slice(0, 200)}`;
  // A HEAD is answered without a body.
  const message = req.method === 'HEAD' ? null : messageProblem(res);
  if (message) return message;
  const wrong = refusal?.(route, req, res) ?? allowProblem(req, res);
  if (wrong) return wrong;
  // An answer to a method the operation does not have is not the operation's.
  if (req.variant === 'wrong method') return null;
  return documentProblem(route, req, res);
}

/** Every route of the document, and the API routes it leaves out (the payment webhook). */
const fuzzable = () =>
  w.routes.filter(
    (r) =>
      ['GET', 'PUT', 'POST', 'DELETE'].includes(r.method) &&
      (w.check.operation(r.method, r.url) !== undefined || r.url.startsWith('/v1/') || r.url.startsWith('/payments/')),
  );

describe('fuzzing from the contract', () => {
  it('knows every fuzzed route: each can be made to succeed, or is listed with why it cannot', () => {
    const targets = fuzzable().map(keyOf);
    expect(targets.length).toBeGreaterThan(30);
    expect(targets.filter((k) => !VALID[k] && !CANNOT_REACH_2XX[k])).toEqual([]);
    expect(Object.keys({ ...VALID, ...CANNOT_REACH_2XX }).filter((k) => !targets.includes(k))).toEqual([]);
    expect([...COSTLY].filter((k) => !VALID[k])).toEqual([]);
  });

  it('reads each quoted value on its own: internals between two of them are seen', () => {
    const answer = (message: string) => ({
      statusCode: 400,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message }),
    });
    expect(messageProblem(answer('No event "NaN" here'))).toBeNull();
    expect(messageProblem(answer('No event "a" (TypeError: x is undefined) nor "b"'))).toMatch(/TypeError/);
    expect(messageProblem(answer('Field "a": select * from users; field "b"'))).toMatch(/select/);
    // A code the organizer typed ('NaN' in one run) comes back quoted, as theirs.
    expect(messageProblem(answer(STUDIO_COUPON_MESSAGES.notFound('NAN')))).toBeNull();
    expect(messageProblem(answer(STUDIO_COUPON_MESSAGES.codeTaken('NAN')))).toBeNull();
  });

  it(
    `${CASES} valid and spoiled requests: each route 2xx for at least ${FLOOR * 100}%, every answer as the document says`,
    async () => {
      const targets = fuzzable();
      // A costly route (its valid request first makes an order, an account, a show) is sent a quarter as many.
      const weight = (r: CapturedRoute) => (COSTLY.has(keyOf(r)) ? 1 : 4);
      const unit = CASES / targets.reduce((sum, r) => sum + weight(r), 0);
      const statuses = new Map<string, number>();
      const successes = new Map<string, { ok: number; all: number; refused?: string; ms?: number }>();
      const failures: string[] = [];
      let sent = 0;
      for (const route of targets) {
        const tally: { ok: number; all: number; refused?: string; ms?: number } = { ok: 0, all: 0 };
        const started = Date.now();
        successes.set(keyOf(route), tally);
        // Three in five valid (none for a route that cannot succeed), by count rather than by chance: the
        // share of 2xx then says how valid requests fared, not how many a seed happened to draw.
        const runs = Math.ceil(unit * weight(route));
        const valid = VALID[keyOf(route)] ? Math.ceil(runs * 0.6) : 0;
        const property = <T>(arbitrary: fc.Arbitrary<T>, toRequest: (t: T) => Fuzzed | Promise<Fuzzed>) =>
          fc.asyncProperty(arbitrary, async (t) => {
            const req = await toRequest(t);
            const res = await send(req);
            sent += 1;
            tally.all += 1;
            if (res.statusCode < 300) tally.ok += 1;
            else if (req.variant === 'valid')
              tally.refused ??= `${res.statusCode} ${/json/.test(String(res.headers['content-type'])) ? res.json().message : res.body.slice(0, 160)}`;
            const key = `${req.variant} ${res.statusCode}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            const problem = problemWith(route, req, res);
            if (problem) throw new Error(`${problem}\n  for ${described(req)}`);
          });
        const options = { seed: SEED, endOnFailure: true };
        for (const failure of [
          valid
            ? await fc.check(
                property(generatedFor(route), async (g) => requestOf(await realize(route, g))),
                { ...options, numRuns: valid },
              )
            : null,
          await fc.check(
            property(spoiledFor(route), (r) => r),
            { ...options, numRuns: Math.max(1, runs - valid) },
          ),
        ])
          // Every route is fuzzed: a failure is kept (its smallest request) and the next route goes on.
          if (failure?.failed) failures.push(`${keyOf(route)}: ${String(failure.errorInstance).slice(0, 1500)}`);
        tally.ms = Date.now() - started;
      }
      const share = (k: string) => successes.get(k)!.ok / successes.get(k)!.all;
      console.log(
        `contract fuzz, seed ${SEED}: ${sent} requests over ${targets.length} routes; ` +
          `answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n2xx share by route:\n` +
          [...successes.keys()]
            .map(
              (k) =>
                `  ${(share(k) * 100).toFixed(0).padStart(3)}% ${String(successes.get(k)!.ms).padStart(6)} ms  ${k}` +
                (VALID[k] && successes.get(k)!.refused
                  ? `  (a valid one got ${successes.get(k)!.refused!.slice(0, 90)})`
                  : ''),
            )
            .join('\n'),
      );
      const tooFew = [...successes.keys()].filter((k) => VALID[k] && share(k) < FLOOR);
      // A route listed as unable to succeed that does succeed is listed wrongly: it belongs in VALID.
      const listedWrongly = [...successes.keys()].filter((k) => CANNOT_REACH_2XX[k] && successes.get(k)!.ok > 0);
      expect([
        ...failures,
        ...tooFew.map((k) => `${k}: ${(share(k) * 100).toFixed(0)}% 2xx; a valid one got ${successes.get(k)!.refused}`),
        ...listedWrongly.map((k) => `${k}: listed as unable to reach 2xx, answered 2xx`),
      ]).toEqual([]);
      expect(sent).toBeGreaterThanOrEqual(CASES);
    },
    CASES * 40 + 120_000,
  );

  it('refusals from otherwise valid requests: a 4xx with a sentence, never a 5xx, and nothing stored changes', async () => {
    const problems: string[] = [];
    const statuses = new Map<string, number>();
    let sent = 0;
    await w.paymentsSettled();
    for (const [n, route] of fuzzable().entries()) {
      // Two valid requests a route to spoil in CI; `npm run fuzz` spoils more of them.
      const generated = fc.sample(generatedFor(route), {
        numRuns: Math.max(2, Math.round(CASES / 1_500)),
        seed: SEED + n,
      });
      const bases: Valid[] = [];
      for (const g of generated) bases.push(await realize(route, g));
      const requests = refusalsFor(route, bases, SEED + n);
      const before = await dbFingerprint(w.db as never);
      for (const req of requests) {
        const res = await send(req);
        sent += 1;
        const key = `${req.variant} ${res.statusCode}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        const problem = problemWith(route, req, res);
        if (problem) problems.push(`${problem}\n  for ${described(req)}`);
      }
      const changed = changedTables(before, await dbFingerprint(w.db as never));
      if (changed.length) problems.push(`${keyOf(route)}: its refusals changed ${changed.join(', ')}`);
    }
    console.log(
      `contract fuzz refusals, seed ${SEED}: ${sent} requests; answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(problems.slice(0, 40)).toEqual([]);
    // Each kind of refusal was sent.
    const kinds = new Set([...statuses.keys()].map((k) => k.replace(/ \d+$/, '')));
    expect([...kinds].sort()).toEqual(
      ['body where none is taken', 'forged token', 'nested spoil', 'not JSON', 'too deep', 'wrong method'].sort(),
    );
  }, 600_000);
});
