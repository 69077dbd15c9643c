import type { FastifyInstance } from 'fastify';

/** The routes of one printed route tree: each line a path part under its parent, with its methods if it is a route. */
function routesOf(tree: string): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('').replace(/\/+/g, '/');
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}

/**
 * Every route the app registered, read from Fastify's route tree (`printRoutes`), so a test that
 * must cover "every GET route" also covers the routes added after it was written. Both prints are
 * read: the one without common prefixes leaves out a wildcard route under a fixed path
 * (`/media/signed/*`, `/media/*`), the one with them leaves out the root's `/*`.
 */
export function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const seen = new Set<string>();
  return [...routesOf(app.printRoutes({ commonPrefix: false })), ...routesOf(app.printRoutes())].filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
