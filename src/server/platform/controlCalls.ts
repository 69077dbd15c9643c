import type { FastifyReply, FastifyRequest } from 'fastify';
import { carriesForwardingHeader } from './forwardingHeaders';
import { isLoopback } from './network';
import { sameSecret } from './sameSecret';

/**
 * An onRequest hook for the calls only this machine's own tools make (the ingest's engine, the live
 * and organizer commands while the server runs): a direct loopback connection with no forwarding
 * header (a proxy in front never reaches these), proving the server's control key in `?token=` or
 * `X-Ingest-Token`. Anyone else gets a plain 404.
 */
export function fromThisMachine(token: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const given = (req.query as Record<string, unknown>).token ?? req.headers['x-ingest-token'];
    const direct = isLoopback(req.raw.socket.remoteAddress) && !carriesForwardingHeader(req.headers);
    if (!direct || typeof given !== 'string' || !sameSecret(given, token)) return reply.callNotFound();
  };
}
