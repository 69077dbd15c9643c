import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which methods each address answers, so a request for one it does not answer is a 405 naming them
 * in `Allow` (HEAD with GET), not a 404 (docs/decisions.md "The API"). Every route is added as it
 * is registered (plugins/routeMethods.ts). The app's pages and built files are one catch-all route
 * (`/*`): it is not an address with methods, so any other method there stays a 404.
 */
export type RouteMethods = {
  add(url: string, methods: readonly string[]): void;
  /**
   * Keeps an address's methods from the callers `refused` names: to them it answers 404 to every
   * method, as an address that does not exist (the loopback-only calls and helpers, whose existence
   * is nobody else's business).
   */
  cloak(url: string, refused: (request: FastifyRequest) => boolean): void;
  /** The methods `path` answers, as far as `request`'s caller may know. */
  of(path: string, request: FastifyRequest): string[];
};

declare module 'fastify' {
  interface FastifyInstance {
    routeMethods: RouteMethods;
  }
}

const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const CATCH_ALL = new Set(['*', '/*']);

/**
 * A route's address as a pattern over paths: `:name` is one segment (possibly empty: the router
 * takes `/x/` for `/x/:id` too), a trailing `*` anything.
 */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]*' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

type KnownRoute = { pattern: RegExp; methods: Set<string>; refused?: (request: FastifyRequest) => boolean };

export function createRouteMethods(): RouteMethods {
  const routes = new Map<string, KnownRoute>();
  const routeOf = (url: string) => {
    const route = routes.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
    routes.set(url, route);
    return route;
  };
  return {
    add(url, methods) {
      if (CATCH_ALL.has(url)) return;
      const route = routeOf(url);
      for (const method of methods) route.methods.add(method);
      if (route.methods.has('GET')) route.methods.add('HEAD');
    },
    cloak(url, refused) {
      if (!CATCH_ALL.has(url)) routeOf(url).refused = refused;
    },
    of(path, request) {
      const methods = new Set<string>();
      for (const route of routes.values()) {
        if (route.pattern.test(path) && !route.refused?.(request)) route.methods.forEach((m) => methods.add(m));
      }
      return [...methods].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    },
  };
}

/** "GET, HEAD or POST". */
const either = (methods: string[]) =>
  methods.length === 1 ? methods[0]! : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)!}`;

/**
 * The answer when no route takes a request: 405 with `Allow` when its address answers other
 * methods, else 404; both in the envelope, whatever token the request carries. A route that found
 * nothing (a missing file under /media) lands here too, with a method its address takes: a 404. A
 * cloaked address (`cloak`) is a 404 to every method for the callers it refuses.
 */
export function answerNoRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!;
  const allowed = request.server.routeMethods.of(path, request);
  const refusal = { success: false, data: null, requestId: String(request.id) };
  if (allowed.length === 0 || allowed.includes(request.method)) {
    return reply.status(404).send({ ...refusal, message: `No such endpoint: ${request.method} ${path}` });
  }
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ ...refusal, message: `This address does not take ${request.method}; it takes ${either(allowed)}.` });
}
