import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { cartDriver, type Who } from '../../utils/cart';
import { arbitraryFor, hostileValue, mutateObject, type JsonSchema } from '../../utils/schemaArbitrary';
import { createTestApp, type TestApp } from '../../utils/testApp';
import { testConfig } from '../../utils/testConfig';

/**
 * Fuzzing from the contract: requests generated from every route's zod request schemas (params,
 * query, body), valid ones and then spoiled ones (wrong types, missing and extra fields, huge strings
 * and numbers, NUL and other control characters, unicode, `__proto__`, duplicated query parameters),
 * sent with a user's token, a guest's or none. No answer may be a 5xx, and every refusal is a 4xx
 * whose message is a sentence, never internals. FUZZ_CASES cases in all (10,000 in CI; `npm run fuzz`
 * runs more), FUZZ_SEED to replay a run; a failure prints the smallest request that fails.
 */
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** What a message must never show: stack frames, library or database words, JavaScript's own values. */
const INTERNALS =
  /\bat \S+ \(|\b\w*Error\b|\b(zod|kysely|postgres|pglite|sql|undefined|NaN|ECONN\w*|stack)\b|\[object |\bselect\b.*\bfrom\b|\binsert into\b/i;

type Captured = {
  method: string;
  url: string;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
};
const routes: Captured[] = [];
let t: TestApp;
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
    guestsPerAddress: { voucherAttemptsPerMinute: high, streamConfigCallsPerMinute: high, viewingOpensPerMinute: high },
  };
  t = await createTestApp({
    config: { limits },
    deps: {
      onRoute: (route: RouteOptions) => {
        for (const method of ([] as string[]).concat(route.method)) {
          routes.push({ method, url: route.url, schema: (route.schema ?? {}) as Captured['schema'] });
        }
      },
    },
  });
  const people = cartDriver(t.app);
  for (let i = 0; i < 3; i += 1) callers.push(await people.user(`fuzz${i}`), await people.guest(`fuzz guest ${i}`));
  callers.push({ label: 'no token' });
}, 60_000);
afterAll(() => t?.close());

const jsonSchemaOf = (schema: z.ZodType | undefined): JsonSchema | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

/** A query value as a browser would write it. */
const asQueryValue = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

type Fuzzed = { url: string; payload?: string; caller: number; note: string };

/** Requests for one route: valid from its schemas, or spoiled in one place. */
function requestsFor(route: Captured): fc.Arbitrary<Fuzzed> {
  const params = jsonSchemaOf(route.schema.params);
  const query = jsonSchemaOf(route.schema.querystring);
  const body = jsonSchemaOf(route.schema.body);
  const validParams = params ? arbitraryFor(params) : fc.constant({});
  const validQuery = query ? arbitraryFor(query) : fc.constant({});
  const validBody = body ? arbitraryFor(body) : fc.constant(undefined);
  const spoil = (valid: fc.Arbitrary<unknown>) =>
    valid.chain((v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? mutateObject(v as Record<string, unknown>) : hostileValue,
    );
  const part = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: spoil(valid) });
  return fc
    .record({
      params: part(validParams),
      query: part(validQuery),
      body: body ? part(validBody) : fc.constant(undefined),
      duplicateQuery: fc.boolean(),
      protoInBody: fc.boolean(),
      caller: fc.nat({ max: callers.length - 1 }),
    })
    .map(({ params: p, query: q, body: b, duplicateQuery, protoInBody, caller }) => {
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
      let payload = b === undefined ? undefined : JSON.stringify(b);
      // "__proto__" as a key of the JSON text itself (an object literal would set the prototype instead).
      if (payload?.startsWith('{') && protoInBody)
        payload = `{"__proto__":{"isAdmin":true,"userId":1},${payload.slice(1)}`.replace(/,}$/, '}');
      const url = `${path}${search.size ? `?${search}` : ''}`;
      return {
        url,
        ...(payload !== undefined ? { payload } : {}),
        caller,
        note: `${route.method} ${url.slice(0, 300)} ${payload?.slice(0, 200) ?? ''}`,
      };
    });
}

const fuzzable = () =>
  routes.filter(
    (r) => ['GET', 'POST', 'DELETE'].includes(r.method) && (r.url.startsWith('/v1/') || r.url.startsWith('/payments/')),
  );

describe('fuzzing from the contract', () => {
  it(
    `${CASES} generated requests over every API route: no 5xx, every refusal a sentence (seed printed)`,
    async () => {
      const targets = fuzzable();
      expect(targets.length).toBeGreaterThan(30);
      const perRoute = Math.ceil(CASES / targets.length);
      const statuses = new Map<number, number>();
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
              method: route.method as 'GET' | 'POST' | 'DELETE',
              url: req.url,
              remoteAddress,
              headers: {
                ...(who.authorization ? { authorization: who.authorization } : {}),
                ...(req.payload !== undefined ? { 'content-type': 'application/json' } : {}),
              },
              ...(req.payload !== undefined ? { payload: req.payload } : {}),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${req.note}: ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400 && /json/.test(String(res.headers['content-type']))) {
              const message = (res.json() as { message?: unknown }).message;
              // What the visitor sent, quoted back ("No event \"NaN\""), is theirs, not internals.
              if (
                typeof message !== 'string' ||
                message.trim() === '' ||
                INTERNALS.test(message.replace(/".*"/s, '""'))
              ) {
                throw new Error(`${res.statusCode} with message ${JSON.stringify(message)} for ${req.note}`);
              }
            }
          }),
          { numRuns: perRoute, seed: SEED, endOnFailure: true },
        );
      }
      console.log(
        `contract fuzz, seed ${SEED}: ${sent} requests over ${targets.length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
      );
      expect(sent).toBeGreaterThanOrEqual(CASES);
    },
    Number(process.env.FUZZ_CASES ?? 10_000) * 20 + 60_000,
  );
});
