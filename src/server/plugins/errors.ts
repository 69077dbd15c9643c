import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error whose status and message are meant for the caller. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}
export const httpError = (statusCode: number, message: string) => new HttpError(statusCode, message);

/**
 * One error handler for the whole API: the spec's envelope, the right status, a message naming the
 * bad field for invalid input, and no internals in a 5xx (they go to the log with the request id).
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    let message = error.message;

    if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      message = error.validation
        .map((v) => `${fieldName(error.validationContext, v.instancePath)}: ${v.message}`)
        .join('; ');
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      message = 'Content-Type must be application/json';
    } else if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      status = 400;
      message = 'Body is not valid JSON';
    }

    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Our own HttpErrors carry a message written for the caller (e.g. 502 mail not sent); nothing else does.
      if (!(error instanceof HttpError)) message = 'Something went wrong on our side. Please try again.';
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
