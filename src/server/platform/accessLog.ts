import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/**
 * One access line per request where Fastify writes two ("incoming request", then "request
 * completed"): at an on-sale the second line halved what an instance answered. The line is
 * Fastify's usual "request completed" with the request in it: reqId (bound by Fastify), req
 * (method, URL as logRedaction.ts lets it be logged, route, address), res.statusCode and
 * responseTime in ms. Why a request failed or was refused is told beside it (plugins/errorHandler.ts).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 100) / 100 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  /** Fastify's own 404 line names the URL unredacted; the access line already says 404. */
  override routeNotFound(): void {}
}

/**
 * Standard output written without blocking the event loop: lines are buffered and written while
 * the server goes on answering. On the way out, `drain` (graceful shutdown) waits for every
 * buffered line to be written and `flushSync` (a forced exit) writes them at once; on any other
 * exit pino writes them itself (it does so for every async destination).
 */
export function asyncStdout() {
  // Given bytes, not text: for each text line sonic-boom measures its whole pending buffer again (up
  // to 16 KiB), a tenth of an instance's time at 30,000 requests a second; a line's own bytes are cheap.
  const stream = pino.destination({ dest: 1, sync: false, contentMode: 'buffer' });
  return {
    stream: { write: (line: string) => stream.write(Buffer.from(line) as unknown as string) },
    /** Resolves once every line so far is written; nothing may be logged after it. */
    drain: (timeoutMs = 2000) =>
      new Promise<void>((resolve) => {
        // A closed pipe never finishes: leave after timeoutMs regardless.
        setTimeout(resolve, timeoutMs).unref();
        stream.once('close', () => resolve());
        stream.end();
      }),
    flushSync: () => {
      try {
        stream.flushSync();
      } catch {
        // stdout gone (a closed pipe), or already drained: nothing more can be written
      }
    },
  };
}
