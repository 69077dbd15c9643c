import type { FastifyInstance, FastifyRequest } from 'fastify';
import { carriesForwardingHeader } from './forwardingHeaders';
import { isLoopback, isLoopbackHost } from './network';

/**
 * Whether a request comes from this machine itself, as far as a server can tell:
 * - no proxy is declared (TRUST_PROXY unset): once the operator has put a proxy in front, a request
 *   from it may carry no header at all and look exactly like a local one, so nobody is "local";
 * - the socket's own address is loopback (never X-Forwarded-For);
 * - no forwarding header of any kind (forwardingHeaders.ts): a proxy on this machine forwarded it;
 * - the Host header names this machine: a DNS-rebinding page reaches loopback under its own name.
 * What remains: an undeclared proxy on this machine that adds no header and sends a loopback Host
 * cannot be told from a local caller (README "Configuration", docs/deploy.md say so).
 */
export function isThisMachine(request: FastifyRequest, proxyDeclared: boolean): boolean {
  return (
    !proxyDeclared &&
    isLoopback(request.raw.socket.remoteAddress) &&
    !carriesForwardingHeader(request.headers) &&
    isLoopbackHost(request.headers.host)
  );
}

/**
 * Makes every route of the plugin `app` answer only a caller on this machine (development helpers:
 * the outbox, the API reference); others get the plain 404 of an address that does not exist, for
 * every method (platform/routeMethods.ts `cloak`).
 */
export function answerOnlyThisMachine(app: FastifyInstance, { proxyDeclared }: { proxyDeclared: boolean }): void {
  const refused = (request: FastifyRequest) => !isThisMachine(request, proxyDeclared);
  app.addHook('onRoute', (route) => app.routeMethods.cloak(route.url, refused));
  app.addHook('onRequest', async (request, reply) => {
    if (refused(request)) return reply.callNotFound();
  });
}
