import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError } from '../platform/domainErrors';
import { fieldProblem, type RequestPart } from '../platform/fieldProblem';
import { DATABASE_UNAVAILABLE, STORAGE_FULL, isDatabaseUnreachable, isStorageFull } from '../platform/databaseErrors';
import { frameworkRefusal } from './frameworkRefusals';

/**
 * One error handler for the whole API: domain errors get their status, Fastify's own (validation,
 * body parsing, rate limits) theirs; the spec's envelope, a sentence naming the bad field in words for
 * invalid input, and no internals in a 5xx (they go to the log with the request id).
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    const fastifyStatus =
      'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    let status = error instanceof DomainError ? error.status : fastifyStatus;
    let message = error.message;
    let fields: string[] | undefined;

    if (error instanceof DomainError) {
      // status and message are the domain's, written for the caller
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      status = 400;
      const part = (error.validationContext ?? 'body') as RequestPart;
      // One sentence per field, each naming its field in words; the schema path goes to the log only.
      message = error.validation
        .map((v) => fieldProblem(part, v.instancePath.split('/').filter(Boolean), v.message ?? 'is not valid'))
        .join(' ');
      fields = error.validation.map((v) => `${part}${v.instancePath.replaceAll('/', '.')}`);
    } else if (isStorageFull(error)) {
      status = 503;
      void reply.header('retry-after', '60');
    } else if (isDatabaseUnreachable(error)) {
      status = 503;
      void reply.header('retry-after', '5');
    } else if (isResponseSerializationError(error)) {
      status = 500;
    } else {
      const refusal = frameworkRefusal(error, request);
      if (refusal) {
        message = refusal;
        if (error instanceof SyntaxError) status = 400;
      }
    }

    if (status === 503 && !(error instanceof DomainError) && isStorageFull(error)) {
      // Nothing new is stored until someone frees space: an operator must hear of it.
      request.log.error({ reason: error.message }, 'storage full: request refused');
      message = STORAGE_FULL;
    } else if (status === 503 && !(error instanceof DomainError)) {
      request.log.warn({ reason: error.message }, 'database unreachable');
      message = DATABASE_UNAVAILABLE;
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // Domain errors carry a message written for the caller (e.g. 502 mail not sent); nothing else does.
      if (!(error instanceof DomainError)) message = 'Something went wrong on our side. Please try again.';
    } else if (status !== 404) {
      request.log.info({ status, reason: message, ...(fields ? { fields } : {}) }, 'request refused');
    }
    void reply.status(status).send({ success: false, message, data: null, requestId: String(request.id) });
  });
});
