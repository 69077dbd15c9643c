import fc from 'fast-check';

/** The parts of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the contract uses. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

/** Strings a pattern describes, or any string when fast-check cannot read the pattern. */
function stringFor(s: JsonSchema): fc.Arbitrary<string> {
  // An e-mail address with the contract's pattern is generated from the pattern: fast-check's own
  // addresses take characters and lengths the pattern (stricter than RFC 5322) refuses.
  if (s.format === 'email' && !s.pattern) return fc.emailAddress();
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    const fits = (v: string) => v.length <= (s.maxLength ?? 1000) && pattern.test(v);
    // fast-check cannot generate from lookarounds: generate without them, keep what the whole pattern takes.
    for (const source of [s.pattern, s.pattern.replace(/\(\?<?[=!](?:\\.|\[[^\]]*\]|[^)])*\)/g, '')]) {
      try {
        return fc.stringMatching(new RegExp(source)).filter(fits);
      } catch {
        // a pattern fast-check cannot generate from: try the next, then plain strings
      }
    }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200) });
}

function numberFor(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1e6);
  const max =
    s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1e6);
  const [lo, hi] = [Math.max(min, Number.MIN_SAFE_INTEGER), Math.min(max, Number.MAX_SAFE_INTEGER)];
  return integer
    ? fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) })
    : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema accepts (as far as JSON Schema says: refinements in code are not in it). */
export function arbitraryFor(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).length === 0) return fc.jsonValue();
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.anyOf ?? s.oneOf;
  if (choices) return fc.oneof(...choices.map(arbitraryFor));
  if (s.allOf?.length) return arbitraryFor(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringFor(s);
    case 'integer':
      return numberFor(s, true);
    case 'number':
      return numberFor(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFor(s.items), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 5, 5) });
    case 'object': {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const keys = Object.keys(props);
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(props[k])])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      });
    }
    default:
      return fc.jsonValue();
  }
}

/** Values that are wrong in the ways clients and attackers are wrong. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 63,
    '',
    ' ',
    '0',
    '-1',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    '[]',
    '{}',
    [],
    {},
    [1, 2],
    { nested: { deep: true } },
  ),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0007\u001b[31m',
    '\u202eevil',
    '\ud800',
    '💥🎫',
    'e\u0301',
    '<script>alert(1)</script>',
    "'; drop table orders; --",
    '../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.nat({ max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One way to spoil a valid object: a field of the wrong type, one missing, one too many, or a hostile key. */
export function mutateObject(valid: Record<string, unknown>): fc.Arbitrary<Record<string, unknown> | unknown> {
  const keys = Object.keys(valid);
  const someKey = keys.length ? fc.constantFrom(...keys) : fc.constant('field');
  return fc.oneof(
    fc.tuple(someKey, hostileValue).map(([k, v]) => ({ ...valid, [k]: v })),
    someKey.map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))),
    fc
      .tuple(fc.constantFrom('extra', 'isAdmin', 'userId', 'amount', 'constructor'), hostileValue)
      .map(([k, v]) => ({ ...valid, [k]: v })),
    hostileValue,
  );
}
