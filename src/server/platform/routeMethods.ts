import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Which methods each address answers, so a request for one it does not answer is a 405 naming them
 * in `Allow` (HEAD with GET), not a 404 (docs/decisions.md "The API"). Every route is added as it
 * is registered (plugins/routeMethods.ts). The app's pages and built files are one catch-all route
 * (`/*`): it is not an address with methods, so any other method there stays a 404.
 */
export type RouteMethods = { add(url: string, methods: readonly string[]): void; of(path: string): string[] };

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

export function createRouteMethods(): RouteMethods {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  return {
    add(url, methods) {
      if (CATCH_ALL.has(url)) return;
      const route = routes.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
      routes.set(url, route);
      for (const method of methods) route.methods.add(method);
      if (route.methods.has('GET')) route.methods.add('HEAD');
    },
    of(path) {
      const methods = new Set<string>();
      for (const route of routes.values()) if (route.pattern.test(path)) route.methods.forEach((m) => methods.add(m));
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
 * nothing (a missing file under /media) lands here too, with a method its address takes: a 404.
 */
export function answerNoRoute(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0]!;
  const allowed = request.server.routeMethods.of(path);
  const refusal = { success: false, data: null, requestId: String(request.id) };
  if (allowed.length === 0 || allowed.includes(request.method)) {
    return reply.status(404).send({ ...refusal, message: `No such endpoint: ${request.method} ${path}` });
  }
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send({ ...refusal, message: `This address does not take ${request.method}; it takes ${either(allowed)}.` });
}
