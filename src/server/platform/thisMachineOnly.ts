import type { FastifyInstance } from 'fastify';
import { isLoopback, isLoopbackHost } from './network';

/**
 * Makes every route of the plugin `app` answer only a caller on this machine (development helpers:
 * the outbox, the API reference). The socket's own address (never X-Forwarded-For) must be loopback,
 * a request a proxy forwarded is refused even from loopback, and the Host header must name this
 * machine (a DNS-rebinding page reaches loopback under its own name). Others get a plain 404.
 */
export function answerOnlyThisMachine(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (forwarded || !isLoopback(request.raw.socket.remoteAddress) || !isLoopbackHost(request.headers.host)) {
      return reply.callNotFound();
    }
  });
}
