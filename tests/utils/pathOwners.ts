/**
 * Which path template a concrete path belongs to, as OpenAPI reads paths ("concrete paths are
 * matched before their templated counterparts"), and so which methods it answers: an outside
 * contract tester's reading of the document, written apart from the server's own (its
 * platform/routeMethods.ts), so the fuzzer holds the server's `Allow` to the document rather than
 * to itself. `/v1/cart/remove` is POST's alone, though `/v1/cart/{id}` would match it too.
 * Templates are the document's (`/v1/cart/{id}`) and, for what it leaves out, the routes' own
 * (`/v1/payments/webhook`, `/media/*`: a trailing `*` is the rest of the path).
 */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

type Template = { path: string; segments: string[]; methods: Set<string> };

/** A segment's rank: a literal before a parameter, a parameter before the rest-of-path wildcard. */
const rank = (segment: string | undefined) =>
  segment === undefined || segment === '*' ? 0 : /^\{[^}]+\}$/.test(segment) ? 1 : 2;

function matches(template: Template, segments: string[]): boolean {
  for (const [i, want] of template.segments.entries()) {
    if (want === '*') return true;
    const got = segments[i];
    if (got === undefined || (rank(want) === 2 && want !== got)) return false;
  }
  return template.segments.length === segments.length;
}

/** > 0 when `a` is the more concrete of two templates matching one path. */
function moreConcrete(a: Template, b: Template): number {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i += 1) {
    const difference = rank(a.segments[i]) - rank(b.segments[i]);
    if (difference !== 0 || rank(a.segments[i]) === 0) return difference;
  }
  return 0;
}

/** `methodsByTemplate`: each template (OpenAPI's `{x}` or Fastify's `:x`) and the methods it takes. */
export function pathOwners(methodsByTemplate: Iterable<[string, Iterable<string>]>) {
  const templates = new Map<string, Template>();
  for (const [raw, methods] of methodsByTemplate) {
    const path = raw.replace(/:(\w+)/g, '{$1}');
    const template = templates.get(path) ?? { path, segments: path.split('/'), methods: new Set<string>() };
    for (const method of methods) template.methods.add(method.toUpperCase());
    templates.set(path, template);
  }

  /** The most concrete templates that match the path (as sent, dot segments resolved): none, one, or equals. */
  function owners(path: string): Template[] {
    const segments = path.split('/');
    let best: Template[] = [];
    for (const template of templates.values()) {
      if (!matches(template, segments)) continue;
      const order = best.length ? moreConcrete(template, best[0]!) : 1;
      if (order > 0) best = [template];
      else if (order === 0) best.push(template);
    }
    return best;
  }

  return {
    /** Every template, in OpenAPI's form. */
    templates: () => [...templates.keys()],
    /** The template the path belongs to (OpenAPI's form), or undefined when none matches it. */
    ownerOf: (path: string): string | undefined => owners(path)[0]?.path,
    /** The methods the path answers, HEAD with GET, in `Allow`'s order. */
    methodsAt(path: string): string[] {
      const methods = new Set(owners(path).flatMap((t) => [...t.methods]));
      if (methods.has('GET')) methods.add('HEAD');
      return ORDER.filter((m) => methods.has(m));
    },
  };
}
