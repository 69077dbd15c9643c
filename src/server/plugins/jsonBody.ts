import fp from 'fastify-plugin';
import { Invalid } from '../platform/domainErrors';
import { nestsDeeperThan, TOO_DEEP } from '../platform/jsonDepth';

/**
 * The API reads JSON bodies only (any other type is a clear 415, not a confusing validation error).
 * Each JSON body is first read once, linearly, for its depth: deeper than MAX_JSON_DEPTH is a 400
 * sentence before anything parses or walks it. Then Fastify's own parser runs with the app's settings,
 * so its protections (a `__proto__` or `constructor` key refused) and its refusals stay as they were.
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
    parse(request, body as string, done);
  });
});
