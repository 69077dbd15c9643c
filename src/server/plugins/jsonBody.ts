import fp from 'fastify-plugin';
import { Invalid } from '../platform/domainErrors';
import { nestsDeeperThan, TOO_DEEP } from '../platform/jsonDepth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads its body itself, with no body schema (an upload's bytes): any body is its own to refuse. */
    readsOwnBody?: boolean;
  }
}

const BODY_NOT_TAKEN = 'This request takes no body: send none, or an empty JSON object.';

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/**
 * The API reads JSON bodies only (any other type is a clear 415, not a confusing validation error).
 * Each JSON body is first read once, linearly, for its depth: deeper than MAX_JSON_DEPTH is a 400
 * sentence before anything parses or walks it. Then Fastify's own parser runs with the app's settings,
 * so its protections (a `__proto__` or `constructor` key refused) and its refusals stay as they were.
 * A route with no body schema takes no fields: a body other than `{}` is a 400 sentence.
 * A plugin that must see the raw bytes (the payment webhook) removes this parser in its own scope.
 */
export const jsonBodyPlugin = fp(async (app) => {
  const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig;
  const parse = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string)) {
      done(new Invalid(TOO_DEEP), undefined);
      return;
    }
    // A route without a body schema would ignore the fields without a word, and the client would
    // believe they were read (a cancel "of one ticket" cancelling the order): refused, as unknown
    // fields are. `{}` is what clients send for no body.
    // An address without a route is a 404 or 405 whatever its body (platform/routeMethods.ts).
    const takesNone =
      !request.is404 && !request.routeOptions.schema?.body && !request.routeOptions.config?.readsOwnBody;
    if (!takesNone) return parse(request, body as string, done);
    parse(request, body as string, (error, value) =>
      error || isEmptyObject(value) ? done(error, value) : done(new Invalid(BODY_NOT_TAKEN), undefined),
    );
  });
});
