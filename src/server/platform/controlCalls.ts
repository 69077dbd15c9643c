import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { carriesForwardingHeader } from './forwardingHeaders';
import { isLoopback } from './network';
import { sameSecret } from './sameSecret';

/**
 * Makes every route of the plugin `app` answer only the calls this machine's own tools make (the
 * ingest's engine, the live and organizer commands while the server runs): a direct loopback
 * connection with no forwarding header (a proxy in front never reaches these), proving the server's
 * control key in `?token=` or `X-Ingest-Token`. Anyone else gets the plain 404 of an address that
 * does not exist, for every method: the not-found handler's 405 would tell them it does.
 */
export function answerOnlyControlCalls(app: FastifyInstance, token: string): void {
  const refused = (req: FastifyRequest) => {
    const given = (req.query as Record<string, unknown> | undefined)?.token ?? req.headers['x-ingest-token'];
    const direct = isLoopback(req.raw.socket.remoteAddress) && !carriesForwardingHeader(req.headers);
    return !direct || typeof given !== 'string' || !sameSecret(given, token);
  };
  app.addHook('onRoute', (route) => app.routeMethods.cloak(route.url, refused));
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (refused(req)) return reply.callNotFound();
  });
}
