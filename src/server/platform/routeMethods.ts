import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which methods each address answers, so a request for one it does not answer is a 405 naming them
 * in `Allow` (HEAD with GET), not a 404 (docs/decisions.md "The API"). Every route is added as it
 * is registered (plugins/routeMethods.ts). An address belongs to its most specific route pattern,
 * as OpenAPI reads paths (a concrete path before a templated one): `/v1/cart/remove` is POST's
 * alone, though GET `/v1/cart/:id` would match it too. The app's pages and built files are one
 * catch-all route (`/*`): it is not an address with methods, and it never answers the server's own.
 */
export type RouteMethods = {
  add(url: string, methods: readonly string[]): void;
  /**
   * Keeps an address's methods from the callers `refused` names: to them it answers 404 to every
   * method, as an address that does not exist (the loopback-only calls and helpers, whose existence
   * is nobody else's business).
   */
  cloak(url: string, refused: (request: FastifyRequest) => boolean): void;
  /** The methods of the most specific route pattern that matches the path, as far as `request`'s caller may know. */
  of(path: string, request: FastifyRequest): string[];
  /**
   * Whether the route the router chose (`routed`, its pattern) must not answer: a more specific route
   * owns the path and does not take the method, or it is the pages' catch-all and the path is the
   * server's (the API's, the media's, the probes').
   */
  belongsElsewhere(routed: string, path: string, method: string): boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    routeMethods: RouteMethods;
  }
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const CATCH_ALL = new Set(['*', '/*']);
/**
 * Addresses that are the API's, the probes', the payment sandbox's, the media's or the server's own
 * calls: the pages' catch-all never answers them (a file or a page there would be another address's
 * answer, or its file server's refusal).
 */
const SERVER_ONLY = ['/v1', '/misc', '/dev', '/healthz', '/readyz', '/metrics', '/payments', '/internal', '/media'];
export const isServerAddress = (path: string) => SERVER_ONLY.some((p) => path === p || path.startsWith(`${p}/`));
/** What the router answers a path segment past its length limit with (app.ts `frameworkErrors`). */
export const ADDRESS_TOO_LONG = 'The address is too long.';

/** How specific a segment is: a name beats a parameter, which beats the rest-of-path wildcard. */
const WILDCARD = 0;
const PARAMETER = 1;
const NAME = 2;
type Route = {
  url: string;
  kinds: number[];
  names: string[];
  methods: Set<string>;
  refused?: (request: FastifyRequest) => boolean;
};

const kindOf = (segment: string) => (segment === '*' ? WILDCARD : segment.startsWith(':') ? PARAMETER : NAME);

/**
 * A path's segments as the router reads them: each decoded on its own (`%72emove` is `remove`; a
 * `%2F` stays inside its segment), or as sent when it does not decode.
 */
function segmentsOf(path: string): string[] {
  return path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
}

/**
 * Whether a route's address takes the path: `:name` is one segment (possibly empty: the router
 * takes `/x/` for `/x/:id` too), a trailing `*` the rest.
 */
function matches(route: Route, segments: string[]): boolean {
  for (const [i, kind] of route.kinds.entries()) {
    if (segments[i] === undefined) return false;
    if (kind === WILDCARD) return true;
    if (kind === NAME && route.names[i] !== segments[i]) return false;
  }
  return route.kinds.length === segments.length;
}

/** > 0 when `a` is more specific than `b` (two routes that match one path): the first segment that differs. */
function specificity(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.kinds.length, b.kinds.length); i += 1) {
    const [x, y] = [a.kinds[i] ?? WILDCARD, b.kinds[i] ?? WILDCARD];
    if (x !== y) return x - y;
    if (x === WILDCARD) return 0;
  }
  return 0;
}

/** Whether some path matches both routes: their names agree wherever both have one. */
function overlap(a: Route, b: Route): boolean {
  for (let i = 0; ; i += 1) {
    const [x, y] = [a.kinds[i], b.kinds[i]];
    if (x === WILDCARD || y === WILDCARD) return true;
    if (x === undefined || y === undefined) return x === y;
    if (x === NAME && y === NAME && a.names[i] !== b.names[i]) return false;
  }
}

export function createRouteMethods(): RouteMethods {
  const routes = new Map<string, Route>();
  /** Per routed pattern, the more specific ones that may own some of its paths (found once, when first asked). */
  const shadows = new Map<string, Route[]>();

  /** The most specific of the routes that match the path (several when they are as specific: `/x/:a`, `/x/:b`). */
  function owners(candidates: Iterable<Route>, path: string): Route[] {
    const segments = segmentsOf(path);
    let best: Route[] = [];
    for (const route of candidates) {
      if (!matches(route, segments)) continue;
      const order = best.length ? specificity(route, best[0]!) : 1;
      if (order > 0) best = [route];
      else if (order === 0) best.push(route);
    }
    return best;
  }
  const methodsOf = (found: Route[]) => {
    const methods = new Set<string>();
    for (const route of found) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
  };
  const routeOf = (url: string) => {
    const segments = url.split('/');
    const route = routes.get(url) ?? { url, kinds: segments.map(kindOf), names: segments, methods: new Set<string>() };
    routes.set(url, route);
    return route;
  };

  return {
    add(url, methods) {
      if (CATCH_ALL.has(url)) return;
      const route = routeOf(url);
      for (const method of methods) route.methods.add(method);
      if (route.methods.has('GET')) route.methods.add('HEAD');
      shadows.clear();
    },
    cloak(url, refused) {
      if (!CATCH_ALL.has(url)) routeOf(url).refused = refused;
    },
    of(path, request) {
      const known = [...routes.values()].filter((route) => !route.refused?.(request));
      return methodsOf(owners(known, path));
    },
    belongsElsewhere(routed, path, method) {
      if (CATCH_ALL.has(routed)) return isServerAddress(path);
      const route = routes.get(routed);
      if (!route) return false;
      let more = shadows.get(routed);
      if (!more) {
        more = [...routes.values()].filter((r) => r !== route && overlap(r, route) && specificity(r, route) > 0);
        shadows.set(routed, more);
      }
      if (more.length === 0) return false;
      const found = owners(more, path);
      return found.length > 0 && !methodsOf(found).includes(method);
    },
  };
}

/** "GET, HEAD or POST". */
const either = (methods: string[]) =>
  methods.length === 1 ? methods[0]! : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)!}`;

/**
 * The answer when no route takes a request: 405 with `Allow` when its address answers other
 * methods, else 404; both in the envelope, whatever token the request carries. A request the
 * router could not route for a path segment past its limit, at an address that takes its method,
 * is a 414 (as the router says without the pages' catch-all). A route that found nothing (a missing
 * file under /media) lands here too, with a method its address takes: a 404. A cloaked address
 * (`cloak`) is a 404 to every method for the callers it refuses.
 */
export function answerNoRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!;
  const allowed = request.server.routeMethods.of(path, request);
  const refusal = { success: false, data: null, requestId: String(request.id) };
  if (allowed.includes(request.method) && unrouted(request) && pastTheLimit(request, path))
    return reply.status(414).send({ ...refusal, message: ADDRESS_TOO_LONG });
  if (allowed.length === 0 || allowed.includes(request.method)) {
    return reply.status(404).send({ ...refusal, message: `No such endpoint: ${request.method} ${path}` });
  }
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ ...refusal, message: `This address does not take ${request.method}; it takes ${either(allowed)}.` });
}

/** No route of an address took it: the router found none, or only the pages' catch-all. */
const unrouted = (request: FastifyRequest) =>
  request.routeOptions.url === undefined || CATCH_ALL.has(request.routeOptions.url);

/** A segment of the path (as sent) longer than the router takes for a parameter. */
const pastTheLimit = (request: FastifyRequest, path: string) => {
  const limit = request.server.initialConfig.maxParamLength ?? 100;
  return path.split('/').some((segment) => segment.length > limit);
};
