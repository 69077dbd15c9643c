import fp from 'fastify-plugin';
import { findNul, NUL_PROBLEM } from '../../shared/contract/text';
import { Invalid } from '../platform/domainErrors';
import { fieldProblem, type RequestPart } from '../platform/fieldProblem';

const PARTS: readonly RequestPart[] = ['params', 'querystring', 'body'];

/**
 * Applies the contract's text rule (src/shared/contract/text.ts) to every route before its schema
 * runs: a NUL in the address, the query or the body is a 400 naming the field. Raw bodies (the
 * payment webhook's bytes) are not text yet and are checked where they are read.
 */
export const refuseNulPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    // An address without a route is a 404 or 405 whatever it carries (platform/routeMethods.ts).
    if (request.is404) return;
    const values: Record<RequestPart, unknown> = {
      params: request.params,
      querystring: request.query,
      body: request.body,
      headers: undefined,
    };
    for (const part of PARTS) {
      const at = findNul(values[part]);
      if (at) throw new Invalid(fieldProblem(part, at, NUL_PROBLEM));
    }
  });
});
