import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../platform/errors';

/**
 * One error handler for the whole API: domain errors get their status, Fastify's own (validation,
 * body parsing, rate limits) theirs; the spec's envelope, a message naming the bad field for invalid
 * input, and no internals in a 5xx (they go to the log with the request id).
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const fastifyStatus = 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    let status = error instanceof DomainError ? error.status : fastifyStatus;
    let message = error.message;

    if (error instanceof DomainError) {
      // status and message are the domain's, written for the caller
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      message = error.validation
        .map((v) => `${fieldName(error.validationContext, v.instancePath)}: ${v.message}`)
        .join('; ');
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if ((error as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = 'Content-Type must be application/json';
    } else if (error instanceof SyntaxError || (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      status = 400;
      message = 'Body is not valid JSON';
    }

    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Domain errors carry a message written for the caller (e.g. 502 mail not sent); nothing else does.
      if (!(error instanceof DomainError)) message = 'Something went wrong on our side. Please try again.';
    } else if (status !== 404) {
      request.log.info({ status, reason: message }, 'request refused');
    }
    void reply.status(status).send({ success: false, message, data: null, requestId: String(request.id) });
  });
});

function fieldName(context: string | undefined, instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return [context ?? 'request', ...parts].join('.');
}
