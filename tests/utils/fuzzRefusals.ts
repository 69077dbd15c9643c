import crypto from 'node:crypto';
import { deriveKeys } from '../../src/server/modules/auth/keys';
import type { JsonSchema } from './schemaArbitrary';
import { TEST_JWT_SECRET } from './testConfig';
import { b64 } from './tokens';

const signingKey = deriveKeys(TEST_JWT_SECRET).tokenSigning;
const hs256 = (claims: object, key: crypto.KeyObject | Buffer = signingKey) => {
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${head}.${crypto.createHmac('sha256', key).update(head).digest('base64url')}`;
};

/**
 * Authorization headers that prove nothing, each made from a real caller's token (its own claims,
 * so only the proof is wrong): text that is no token, another scheme, `alg: none`, a signature
 * changed by one character, an expired token signed with the right key, and one signed with
 * another secret.
 */
export function forgedAuthorizations(realAuthorization: string | undefined): [label: string, header: string][] {
  const token = realAuthorization?.split(' ')[1];
  const now = Math.floor(Date.now() / 1000);
  const claims = token
    ? (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>)
    : {
        kind: 'guest',
        sub: crypto.randomUUID(),
        iss: 'allaccess-storefront',
        aud: 'allaccess-storefront/api',
        iat: now,
        exp: now + 600,
      };
  const real = token ?? hs256(claims);
  const [head, body, signature] = real.split('.') as [string, string, string];
  const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
  return [
    ['garbage', 'Bearer not.a.token'],
    ['garbage', `Bearer ${crypto.randomBytes(24).toString('base64url')}`],
    ['another scheme', `Basic ${Buffer.from('admin:admin').toString('base64')}`],
    ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${body}.`],
    ['wrong signature', `Bearer ${head}.${body}.${flipped}`],
    ['expired', `Bearer ${hs256({ ...claims, iat: now - 7200, exp: now - 60 })}`],
    ['another secret', `Bearer ${hs256(claims, crypto.randomBytes(32))}`],
  ];
}

/** A body with fields, sent where a route takes none. (An empty object is no body: clients send `{}`.) */
export const UNASKED_BODIES = ['{"reason":"changed my mind"}', '{"userId":1,"isAdmin":true}', '[1,2]', '"text"', '42'];

/** A JSON body as the other formats a client might send it in, each with its Content-Type (none: no header). */
export function notJson(body: unknown): [contentType: string | undefined, payload: string][] {
  const json = JSON.stringify(body ?? {});
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? Object.entries(body) : [['value', body]];
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  return [
    ['text/plain', json],
    ['application/x-www-form-urlencoded', new URLSearchParams(fields.map(([k, v]) => [String(k), text(v)])).toString()],
    [
      'multipart/form-data; boundary=fuzz',
      `${fields.map(([k, v]) => `--fuzz\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${text(v)}\r\n`).join('')}--fuzz--\r\n`,
    ],
    ['application/xml', `<body>${fields.map(([k, v]) => `<${k}>${text(v)}</${k}>`).join('')}</body>`],
    [undefined, json],
  ];
}

type Path = (string | number)[];

/** The JSON types a schema takes; null when it takes anything (no type said). */
function typesOf(s: JsonSchema | undefined): Set<string> | null {
  if (!s) return null;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const all = new Set<string>();
    for (const b of branches) {
      const t = typesOf(b);
      if (!t) return null;
      for (const x of t) all.add(x);
    }
    return all;
  }
  if (s.allOf?.length) return typesOf(s.allOf[0]);
  if (s.const !== undefined) return new Set([jsonType(s.const)]);
  if (s.enum) return new Set(s.enum.map(jsonType));
  if (!s.type) return null;
  const types = new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (types.has('integer')) types.add('number');
  return types;
}
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The branch of a schema that describes a value of this JSON type. */
function branchFor(s: JsonSchema | undefined, type: string): JsonSchema | undefined {
  const branches = s?.anyOf ?? s?.oneOf;
  if (!branches) return s;
  return branches.find((b) => typesOf(b)?.has(type)) ?? undefined;
}

/** Every place in a value whose schema says a type: its path, depth and the types it takes. */
function leaves(value: unknown, schema: JsonSchema | undefined, path: Path = []): { path: Path; types: Set<string> }[] {
  const s = branchFor(schema, jsonType(value));
  if (!s) return [];
  const here = path.length
    ? [{ path, types: typesOf(s) }].filter((l): l is { path: Path; types: Set<string> } => l.types !== null)
    : [];
  if (Array.isArray(value)) {
    const items = value.flatMap((v, i) => leaves(v, s.items, [...path, i]));
    // An empty array still has a place for an item: spoiled there, it is an item of the wrong type.
    if (value.length === 0 && s.items && typesOf(s.items)) items.push({ path: [...path, 0], types: typesOf(s.items)! });
    return items.length ? items : here;
  }
  if (value && typeof value === 'object') {
    const inside = Object.entries(value).flatMap(([k, v]) => leaves(v, s.properties?.[k], [...path, k]));
    return inside.length ? inside : here;
  }
  return here;
}

/** Values of each JSON type, wrong wherever their type is not taken. */
const WRONG: [type: string, value: unknown][] = [
  ['object', { spoiled: { deep: [true] } }],
  ['array', [{ spoiled: 1 }]],
  ['string', 'spoiled'],
  ['boolean', true],
  ['number', 1e308],
];

/**
 * The value with one place deep inside it (the deepest its schema describes) replaced by a value of
 * a type the schema does not take there: the object or array around it stays valid. Null when no
 * place in the value has a type to break.
 */
export function spoilNested(
  value: unknown,
  schema: JsonSchema | undefined,
  pick: number,
): { value: unknown; at: string } | null {
  const all = leaves(value, schema);
  if (!all.length) return null;
  const deepest = Math.max(...all.map((l) => l.path.length));
  const candidates = all.filter((l) => l.path.length === deepest);
  const leaf = candidates[pick % candidates.length]!;
  const wrong = WRONG.find(([type]) => !leaf.types.has(type));
  if (!wrong) return null;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of leaf.path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[leaf.path.at(-1)!] = wrong[1];
  return { value: copy, at: leaf.path.join('.') };
}
