import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (Fastify's `clientErrorHandler`):
 * headers or an address too large (431), a method HTTP does not define, bytes that are not HTTP
 * (400), a request that never finished arriving (408). Answered in the API's envelope with a
 * sentence, as every other refusal, not in Fastify's own format; the connection is then closed.
 */
const REFUSALS: Record<string, [status: number, message: string]> = {
  HPE_HEADER_OVERFLOW: [431, "The request's headers (its address included) are too large."],
  HPE_INVALID_METHOD: [400, "The request's method is not one HTTP defines."],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};
const NOT_HTTP: [number, string] = [400, 'The request is not valid HTTP.'];

export function answerClientError(log: FastifyBaseLogger, error: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = (error.code && REFUSALS[error.code]) || NOT_HTTP;
  const requestId = crypto.randomUUID();
  log.debug({ requestId, status, reason: error.code }, 'request refused before it could be read');
  const body = JSON.stringify({ success: false, message, data: null, requestId });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nx-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
