import type { FastifyError, FastifyRequest } from 'fastify';

/**
 * Fastify's (and its plugins') own refusals of a request's body, in the API's words: a sentence a
 * person can read, where Fastify writes "FST_ERR_CTP_…"-style messages for developers. The status
 * stays Fastify's; the error plugin sends the envelope.
 */
const SENTENCES: Record<string, (request: FastifyRequest) => string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => 'The request body must be JSON, sent with Content-Type: application/json.',
  FST_ERR_CTP_INVALID_JSON_BODY: () => 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: () => 'The request body is empty, but its Content-Type says it is JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => 'The request body is not as long as its Content-Length says.',
  FST_ERR_CTP_BODY_TOO_LARGE: (request) =>
    `The request body is too large: at most ${Math.floor(request.routeOptions.bodyLimit / 1024)} KB is accepted.`,
  FST_CP_ERR_INVALID_CONTENT_ENCODING: () =>
    "The request's Content-Encoding is not one this server reads (gzip, deflate or br).",
  FST_CP_ERR_INVALID_CONTENT: () => 'The request body could not be decompressed.',
};

/** The sentence for one of Fastify's own refusals, or undefined when the error is not one of them. */
export function frameworkRefusal(error: FastifyError, request: FastifyRequest): string | undefined {
  // JSON.parse's SyntaxError is what a content-type parser that parses itself passes on.
  if (error instanceof SyntaxError) return SENTENCES.FST_ERR_CTP_INVALID_JSON_BODY!(request);
  const sentence = typeof error.code === 'string' ? SENTENCES[error.code] : undefined;
  return sentence?.(request);
}
