import type { FastifyInstance } from 'fastify';

/**
 * Every route the app registered, read from Fastify's route tree (`printRoutes`), so a test that
 * must cover "every GET route" also covers the routes added after it was written.
 */
export function listRoutes(app: FastifyInstance): { method: string; url: string }[] {
  const stack: string[] = [];
  const routes: { method: string; url: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const url = stack.join('').replace(/\/+/g, '/');
    for (const method of match[3]!.split(', ')) routes.push({ method, url });
  }
  return routes;
}
